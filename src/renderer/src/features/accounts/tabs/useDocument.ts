// One companion document, from the cache first (main fetches on first open), with a Refresh that
// asks the API again.
import { useState } from 'react';
import { useShell } from '../../../data/useShell';
import type { RequestOf, ResponseOf } from '@shared/contract';
import { scout } from '../../../data/scoutClient';
import { useScoutQuery } from '../../../data/useScoutQuery';

type Json = Record<string, unknown>;

type Channel = 'media:get' | 'history:get' | 'mentions:get';

/**
 * One companion document: opened from the cache (or fetched) once per request, keyed by the whole
 * request (network, account, page), so a route change to another network or account never shows
 * the previous one's data, and a late answer for a request the page has left is ignored. A failed
 * refresh keeps the answer already on screen.
 */
export function useDocument<C extends Channel>(channel: C, request: RequestOf<C>) {
  // Each workspace has its own cache: its answer is another document.
  const workspace = useShell((s) => s.workspace?.active ?? null);
  // `requestKey` stands for the request's contents.
  const requestKey = JSON.stringify(request);
  const key = `${workspace} ${channel} ${requestKey}`;
  const read = useScoutQuery(() => scout.invoke(channel, JSON.parse(requestKey) as RequestOf<C>) as Promise<ResponseOf<C>>, [channel, requestKey]);
  // The extra request fields of the latest ask (`refresh`), to repeat it confirmed if it fails; `after`: the answers landed before it.
  const [lastAsk, setLastAsk] = useState<{ key: string; after: number; more: Json } | null>(null);

  /** Asks again with more fields (`refresh`, `confirmedCost`); the shown answer stays until the new one lands. */
  const ask = (more: Partial<RequestOf<C>>): Promise<void> => {
    setLastAsk({ key, after: read.answers, more: more as Json });
    return read.refresh(() => scout.invoke(channel, { ...(JSON.parse(requestKey) as RequestOf<C>), ...more } as RequestOf<C>) as Promise<ResponseOf<C>>);
  };

  const failedAsk = read.error !== null && lastAsk?.key === key && lastAsk.after + 1 === read.answers;
  return {
    key,
    workspace,
    seq: read.answers,
    doc: read.data ?? null,
    error: read.error,
    code: read.errorCode,
    asked: failedAsk ? lastAsk.more : {},
    loading: read.answers === 0,
    busy: read.loading && read.answers > 0,
    ask,
    refresh: () => ask({ refresh: true } as Partial<RequestOf<C>>),
  };
}
