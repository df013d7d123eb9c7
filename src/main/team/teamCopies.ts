// The one way the services that keep paid (and free) answers — media, history, brand mentions,
// lists, creators — read a teammate's record: as hostile as an API answer. Its item key names
// what it is about (checked, never trusted), its body is JSON of a bounded size, and it is then
// parsed by the very parser that reads the API's answer. Anything that does not fit is
// TEAM_BAD_DATA, with nothing saved.
import { z } from 'zod';
import { parseAccountRef } from '@shared/accountInput';
import { networks, type Network } from '@shared/reports';
import { SchemaError } from '../platform/api/schemas';
import { saving } from '../platform/cache/storageFaults';
import type { TeamRecordCodec, TeamRecordOut } from './codecs';
import { TeamError } from '../kernel/teamErrors';
import type { RecordBody, TeamItem, TeamRecordKind } from './records';

/** Hands a thing saved locally to the team (the sync engine's outbox). */
export type ShareRecord = (out: TeamRecordOut) => void;

/**
 * Shares what was saved. Sharing is the sync engine's to retry and to report; a failure there
 * never undoes (or fails) the researcher's own fetch, which is saved.
 */
export function shareSaved(share: ShareRecord | undefined, out: () => TeamRecordOut): void {
  if (!share) return;
  try {
    share(out());
  } catch {
    // The outbox reports its own faults (a full disk, say); the fetch itself succeeded.
  }
}

/** An item key's parts as teamItem wrote them: `[network, subject, variant]`. */
export interface ItemParts {
  network: string;
  subject: string;
  variant: string;
}

const itemKey = z.tuple([z.string().max(20), z.string().min(1).max(300), z.string().max(40)]);

/** The parts of a record's item key; TEAM_BAD_DATA when it is not one teamItem could have written. */
export function itemParts(item: TeamItem, what: string): ItemParts {
  let parsed: z.ZodSafeParseResult<[string, string, string]>;
  try {
    parsed = itemKey.safeParse(JSON.parse(item.key));
  } catch {
    throw badData(what, 'its name is not readable');
  }
  if (!parsed.success) throw badData(what, 'its name is not readable');
  const [network, subject, variant] = parsed.data;
  return { network, subject, variant };
}

/**
 * The account a record is about: one of `allowed` networks, and a subject that is an account's
 * key exactly as Scout keys it (so a hostile key cannot name a row no fetch would have written).
 */
export function accountOf<N extends Network>(parts: ItemParts, allowed: readonly N[], what: string): { network: N; key: string } {
  const network = (networks as readonly string[]).includes(parts.network) ? (parts.network as N) : null;
  if (network === null || !allowed.includes(network)) throw badData(what, 'it names no network this kind of record has');
  const ref = parseAccountRef(parts.subject, network);
  if (!ref.ok || ref.value.key !== parts.subject) throw badData(what, 'it names no account');
  return { network, key: ref.value.key };
}

/**
 * What the team keeps of an answer: its JSON as text, inside the record's JSON. The team
 * database keeps JSON as jsonb, which keeps a string as it is but not the order of an object's
 * keys; and what a researcher sees follows the answer's order (a TikTok period's brands, the
 * metrics of a history, the posts of a media map). As text, a teammate's copy reads in the
 * order the API answered.
 */
export function answerBody(answer: unknown): { json: { answer: string } } {
  return { json: { answer: JSON.stringify(answer) } };
}

/**
 * The answer a record holds, at most `maxBytes` of it as text. The kernel hands a copy's body as
 * parsed JSON; the sync engine hands a `RecordBody`: both come here.
 */
export function recordJsonOf(body: RecordBody | { json: unknown }, maxBytes: number, what: string): unknown {
  if (!body || typeof body !== 'object' || !('json' in body)) throw badData(what, 'it is a file, not an answer');
  const json = body.json;
  const text = json !== null && typeof json === 'object' && !Array.isArray(json) && Object.keys(json).length === 1 ? (json as { answer?: unknown }).answer : undefined;
  if (typeof text !== 'string') throw badData(what, 'it holds no answer');
  const size = Buffer.byteLength(text);
  if (size > maxBytes) throw badData(what, `it is larger (${Math.ceil(size / 1024)} KB) than such an answer can be (${Math.floor(maxBytes / 1024)} KB)`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badData(what, 'its answer is not JSON');
  }
}

/** Runs an API parser over a teammate's body: a body that does not fit is TEAM_BAD_DATA. */
export function parsedAsAnswer<T>(parse: (json: unknown) => T, json: unknown, what: string): T {
  try {
    return parse(json);
  } catch (error) {
    if (error instanceof SchemaError) throw badData(what, error.issues[0] ?? error.message);
    throw error;
  }
}

export function badData(what: string, why: string): TeamError {
  return new TeamError('TEAM_BAD_DATA', `A teammate's ${what} in the team database cannot be read (${why}), so Scout did not save it.`);
}

/**
 * How one kind of record is kept locally: what it is about (read from a record's item), how its
 * body is read (the API's own parser), whether that fetch is kept already, and how it is saved.
 * A copy the kernel takes instead of buying and a record the sync engine pulls both go through
 * `keepCopy`: one code path.
 */
export interface RecordKeeper<A, P> {
  kind: TeamRecordKind;
  /** In words, for messages: "media", "page of a list". */
  what: string;
  /** The largest body such an answer can be, as JSON text. */
  maxBytes: number;
  /** The team's name for what `about` names. */
  item(about: A): TeamItem;
  /** What the team keeps of an answer: its (normalised) result. */
  raw(parsed: P): unknown;
  /** What a record is about, from its (hostile) item; TEAM_BAD_DATA when it names nothing. */
  about(item: TeamItem): A;
  /** The body read as the API's answer of that kind (a SchemaError when it does not fit). */
  parse(about: A, json: unknown): P;
  /** Whether the fetch of this moment is kept locally already. */
  held(about: A, fetchedAt: number): boolean;
  save(about: A, parsed: P, fetchedAt: number): void;
}

/** Saves a teammate's record locally unless it is held already; refuses (TEAM_BAD_DATA) what cannot be read. */
export function keepCopy<A, P>(keeper: RecordKeeper<A, P>, about: A, fetchedAt: number, body: RecordBody | { json: unknown }): { parsed: P; state: 'saved' | 'already-held' } {
  if (!Number.isFinite(fetchedAt)) throw badData(keeper.what, 'it has no fetch date');
  const json = recordJsonOf(body, keeper.maxBytes, keeper.what);
  const parsed = parsedAsAnswer((j) => keeper.parse(about, j), json, keeper.what);
  if (keeper.held(about, fetchedAt)) return { parsed, state: 'already-held' };
  saving(() => keeper.save(about, parsed, fetchedAt));
  return { parsed, state: 'saved' };
}

/** The codec the sync engine calls for pulled records of a keeper's kind. */
export function codecOf<A, P>(keeper: RecordKeeper<A, P>): TeamRecordCodec {
  return {
    kind: keeper.kind,
    apply: async (record) => {
      if (record.item.kind !== keeper.kind) throw badData(keeper.what, `it is a record of another kind (${record.item.kind})`);
      return keepCopy(keeper, keeper.about(record.item), record.fetchedAt.getTime(), record.body).state;
    },
  };
}
