// Paid records in the team database: what one researcher bought, for every teammate to take
// instead of paying again. Immutable and content-addressed, so pushing one twice (an outbox
// retrying after a lost answer) is a no-op that returns the first push's sequence number.
import type pg from 'pg';
import { z } from 'zod';
import type { PaidOperation } from '../kernel/paidCall';
import type { Network } from '../platform/api/types';
import { TeamError } from '../kernel/teamErrors';
import { ROLE_NAME, TEAM_SCHEMA as S } from './names';
import { RECORD_LIMITS } from './schema/0010-team';

/**
 * What a record is: a kind of paid call, or a free answer the team shares all the same
 * (`creator`: a creator profile, which auditor.creators answers at no cost and nobody claims).
 */
export type TeamRecordKind = PaidOperation | 'creator';

/** One thing that costs: what kind of paid call, and which item (a network's account, a query's page). */
export interface TeamItem {
  kind: TeamRecordKind;
  key: string;
}

/**
 * The item a paid call is about. `variant` tells apart paid things of one account that are
 * bought separately (a TikTok mini and advanced report, a period of history).
 */
export function teamItem(kind: TeamRecordKind, parts: { network: Network | null; subject: string; variant?: string }): TeamItem {
  // A JSON array: unambiguous whatever the subject holds.
  const key = JSON.stringify([parts.network ?? '', parts.subject, parts.variant ?? '']);
  if (parts.subject.length === 0 || key.length > RECORD_LIMITS.keyChars) {
    throw new TeamError('TEAM_REFUSED', `This item's name is empty or longer than the team database keeps (${RECORD_LIMITS.keyChars} characters).`);
  }
  return { kind, key };
}

/**
 * The parts an item's key names, read back from a key the team database handed over (hostile:
 * null unless it is exactly what `teamItem` makes of them).
 */
export function teamItemParts(item: TeamItem): { network: string; subject: string; variant: string } | null {
  let parts: unknown;
  try {
    parts = JSON.parse(item.key);
  } catch {
    return null;
  }
  if (!Array.isArray(parts) || parts.length !== 3 || !parts.every((p) => typeof p === 'string')) return null;
  const [network, subject, variant] = parts as [string, string, string];
  if (subject.length === 0 || JSON.stringify([network, subject, variant]) !== item.key) return null;
  return { network, subject, variant };
}

export type RecordBody = { json: unknown } | { bytes: Uint8Array };

export interface RecordInput {
  item: TeamItem;
  /** When it was bought (before it was pushed, if it waited in an outbox). */
  fetchedAt: Date;
  body: RecordBody;
}

type Queryable = Pick<pg.ClientBase, 'query'> | pg.Pool;

/** A bigint from PostgreSQL, as a number Scout can count with. */
export const sequenceNumber = z
  .string()
  .regex(/^\d{1,16}$/)
  .transform(Number)
  .refine(Number.isSafeInteger);

const pushedRow = z.object({ seq: sequenceNumber });

function bodyParams(body: RecordBody): [string | null, Buffer | null] {
  if ('bytes' in body) {
    if (body.bytes.byteLength > RECORD_LIMITS.bytes) throw new TeamError('TEAM_REFUSED', `This file is larger than the team database keeps (${RECORD_LIMITS.bytes / 1024 / 1024} MB).`);
    return [null, Buffer.from(body.bytes)];
  }
  const text = JSON.stringify(body.json);
  if (text === undefined) throw new TeamError('TEAM_REFUSED', 'This record has no content to share.');
  if (Buffer.byteLength(text) > RECORD_LIMITS.jsonBytes) throw new TeamError('TEAM_REFUSED', `This record is larger than the team database keeps (${RECORD_LIMITS.jsonBytes / 1024 / 1024} MB).`);
  return [text, null];
}

/** Pushes a record; the same content pushed again returns the first push's sequence number. */
export async function pushRecord(q: Queryable, input: RecordInput): Promise<{ seq: number; created: boolean }> {
  const [json, bytes] = bodyParams(input.body);
  const params = [input.item.kind, input.item.key, input.fetchedAt, json, bytes];
  const inserted = await q.query(
    `INSERT INTO ${S}.records (kind, item_key, fetched_at, body_json, body_bytes) VALUES ($1, $2, $3, $4::jsonb, $5)
     ON CONFLICT (kind, item_key, content_hash) DO NOTHING RETURNING seq::text AS seq`,
    params,
  );
  if (inserted.rows.length === 1) return { seq: pushedRow.parse(inserted.rows[0]).seq, created: true };
  const existing = await q.query(
    `SELECT seq::text AS seq FROM ${S}.records
      WHERE kind = $1 AND item_key = $2 AND content_hash = sha256(coalesce($4::bytea, convert_to($3::jsonb::text, 'UTF8')))`,
    [input.item.kind, input.item.key, json, bytes],
  );
  const row = pushedRow.safeParse(existing.rows[0]);
  if (!row.success) throw new TeamError('TEAM_BAD_DATA', 'The team database neither stored this record nor has it.');
  return { seq: row.data.seq, created: false };
}

/** A teammate's copy of an item: who bought it and when. */
export interface TeammateCopy {
  seq: number;
  researcher: string;
  /** Their name as the admin entered it (their role name when there is none). */
  researcherName: string;
  fetchedAt: Date;
}

const copyRow = z.object({
  seq: sequenceNumber,
  researcher: z.string().regex(ROLE_NAME),
  researcher_name: z.string().min(1).max(120),
  fetched_at: z.date(),
});

/**
 * The newest record of an item, when one was bought within `withinDays` (null: any age), by
 * anyone on the team (the researcher's own other laptop included); never one the admin set aside
 * (`npm run team -- set-aside`), nor one of `unusable` (found unreadable by this purchase).
 */
export async function teammateCopy(q: Queryable, item: TeamItem, withinDays: number | null, unusable: readonly number[] = []): Promise<TeammateCopy | null> {
  const { rows } = await q.query(
    `SELECT r.seq::text AS seq, r.researcher, coalesce(x.display_name, r.researcher) AS researcher_name, r.fetched_at
       FROM ${S}.records r LEFT JOIN ${S}.researchers x ON x.role_name = r.researcher
      WHERE r.kind = $1 AND r.item_key = $2 AND ($3::float8 IS NULL OR r.fetched_at > now() - $3::float8 * interval '1 day')
        AND NOT (r.seq = ANY($4::bigint[]))
        AND NOT EXISTS (SELECT 1 FROM ${S}.records_set_aside a WHERE a.seq = r.seq)
      ORDER BY r.fetched_at DESC, r.seq DESC
      LIMIT 1`,
    [item.kind, item.key, withinDays, unusable.map(String)],
  );
  if (rows.length === 0) return null;
  const row = copyRow.safeParse(rows[0]);
  if (!row.success) throw new TeamError('TEAM_BAD_DATA', 'The team database answered with a record Scout cannot read.');
  return { seq: row.data.seq, researcher: row.data.researcher, researcherName: row.data.researcher_name, fetchedAt: row.data.fetched_at };
}

/**
 * The JSON body of one record of an item, read as hostile input: only a record of that item,
 * only JSON (never bytes), only within the size the team database keeps. Null when there is none.
 */
export async function recordJson(q: Queryable, item: TeamItem, seq: number): Promise<unknown> {
  const { rows } = await q.query(
    `SELECT body_json::text AS body, octet_length(body_json::text) AS size FROM ${S}.records
      WHERE seq = $1 AND kind = $2 AND item_key = $3 AND body_json IS NOT NULL`,
    [seq, item.kind, item.key],
  );
  if (rows.length === 0) return null;
  const row = z.object({ body: z.string(), size: z.number().int() }).safeParse(rows[0]);
  if (!row.success || row.data.size > RECORD_LIMITS.jsonBytes) throw new TeamError('TEAM_BAD_DATA', 'The team database answered with a record Scout cannot read.');
  try {
    return JSON.parse(row.data.body) as unknown;
  } catch {
    throw new TeamError('TEAM_BAD_DATA', 'The team database answered with a record Scout cannot read.');
  }
}

/**
 * The bytes of one record of an item (a PDF), read as hostile input: only a record of that item,
 * only bytes (never JSON), only within the size the team database keeps. Null when there is none.
 */
export async function recordBytes(q: Queryable, item: TeamItem, seq: number): Promise<Uint8Array | null> {
  const { rows } = await q.query(
    `SELECT body_bytes AS body FROM ${S}.records
      WHERE seq = $1 AND kind = $2 AND item_key = $3 AND body_bytes IS NOT NULL AND octet_length(body_bytes) <= $4`,
    [seq, item.kind, item.key, RECORD_LIMITS.bytes],
  );
  if (rows.length === 0) return null;
  const row = z.object({ body: z.instanceof(Buffer) }).safeParse(rows[0]);
  if (!row.success) throw new TeamError('TEAM_BAD_DATA', 'The team database answered with a record Scout cannot read.');
  return new Uint8Array(row.data.body.buffer, row.data.body.byteOffset, row.data.body.byteLength);
}
