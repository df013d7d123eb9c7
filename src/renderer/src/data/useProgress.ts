// Progress main pushes (a fetch, an export, a sync, the team's notices), one way: the page says
// which event and what to do with each payload; subscribing and unsubscribing happen here, once
// per event name, and the latest handler is the one called.
//
//   useProgress('exports:changed', (p) => p.exportId === id && setProgress(p));
//   useProgress('watchlists:changed', onProgress, { enabled: syncing });
import { useEffect, useRef } from 'react';
import type { EventName } from '@shared/channels';
import type { EventPayloads } from '@shared/contract';
import { scout } from './scoutClient';
import { listenForProgress } from './progress';

export interface ProgressOptions {
  /** False: not listening (nothing under way). */
  enabled?: boolean;
}

export function useProgress<E extends EventName>(event: E, onEvent: (payload: EventPayloads[E]) => void, options: ProgressOptions = {}): void {
  const { enabled = true } = options;
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });
  useEffect(() => {
    if (!enabled) return;
    return listenForProgress(scout, event, () => latest.current);
  }, [event, enabled]);
}
