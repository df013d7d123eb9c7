// The shared things and their fields (see sharedFold.ts for the rule that folds them):
// - comparison: name, period, accounts (each pinned to its report by network, account and when
//   it was fetched — a snapshot's local id means nothing on another laptop), and one note field
//   per account ("note:instagram:natgeo"), so two researchers annotating two accounts never
//   touch each other's note.
// - discovery_query: name, body, and one append-only field per run of its history.
// - shortlist_item: one per account (its id derived from the account, so two laptops that add
//   the same account share one thing), its entry and its note.
// - account_notes: one per account (derived likewise): its note, and one field per tag
//   ("tag:beauty"), so two researchers tagging one account at once keep both tags, and removing
//   one tag never takes another with it.
// - watchlist: its name, schedule, renewal limit, paused or not, alert rules, and one field per
//   account ("account:instagram:natgeo", its value the text that reads back to the account), so
//   two researchers adding accounts at once keep both; and one per account a run found gone
//   ("gone:instagram:natgeo", the API's words), so every laptop says it is no longer available. How each account's latest refresh went,
//   and when the watchlist last ran, stay on each laptop (the team's runs: teamTracking.ts).
// - status_steps: the one list of the research workflow's steps (its id the same on every laptop),
//   so a step renamed on one laptop reads renamed on all. A laptop still at the usual steps that
//   never shared them does not offer them: joining a team takes the team's steps, not the reverse.
// - campaign: its parts, one field per creator, and its frozen plan once started
//   (domains/campaigns/campaignDoc.ts, which also says what a start racing an edit does).
// Each value read from the team is checked here like an API answer before it is written.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { COMPARE_MAX, COMPARE_MIN, comparePeriods } from '@shared/compare';
import { networks, type Network } from '@shared/reports';
import { accountWords } from '@shared/labels';
import { validateDiscoveryQuery, type DiscoveryBody } from '@shared/discovery';
import type pg from 'pg';
import type { Db } from '../platform/cache/database';
import { AlertsRepository } from '../domains/tracking/alertsRepository';
import { ComparisonsRepository } from '../domains/compare/comparisonsRepository';
import { WatchlistsRepository } from '../domains/tracking/watchlistsRepository';
import { AccountNotesRepository, STEPS_LOCAL_ID } from '../domains/notes/accountNotesRepository';
import { parseAccountRef, accountText, type AccountRef } from '@shared/accountInput';
import { cleanWatchlistName, MAX_RENEW_CAP, MAX_WATCHLIST_ACCOUNTS, MAX_WATCHLIST_NAME, watchSchedules } from '@shared/tracking';
import { readAlertRules } from '@shared/alerts';
import { cleanTag, MAX_ACCOUNT_NOTE, tagKey } from '@shared/accountNotes';
import { DEFAULT_STATUS_STEPS, type StatusStep } from '@shared/workflow';
import { statusStepId, statusStepsSchema } from '@shared/workflowSchema';
import { DiscoveryWorkspaceRepository, RUNS_KEPT } from '../domains/discovery/discoveryWorkspaceRepository';
import { accountKey as keyOf } from '../platform/cache/repositories/common';
import type { Fields } from '../team/sharedFold';
import type { DocAdapter } from '../team/sharedLog';
import { SharedWork, type SharedWorkDeps } from '../team/sharedWork';
import { campaignAdapter } from '../domains/campaigns/campaignDoc';
import { CampaignsRepository } from '../domains/campaigns/campaignsRepository';

const MAX_NOTE = 2000;
/** A discovery query's body, as discoveryService caps it. */
const MAX_BODY_BYTES = 256 * 1024;

const name = z.string().refine((s) => s.trim().length >= 1 && s.length <= 120, 'a name of 1 to 120 characters');
const note = z.string().max(MAX_NOTE);
const account = z.object({ network: z.enum(networks), accountKey: z.string().min(1).max(400), fetchedAt: z.number().int().nonnegative() }).strict();
const accounts = z
  .array(account)
  .min(COMPARE_MIN)
  .max(COMPARE_MAX)
  .refine((list) => new Set(list.map((a) => `${a.network}:${a.accountKey}`)).size === list.length, 'an account listed twice');
const NOTE_FIELD = new RegExp(`^note:(${networks.join('|')}):(.{1,400})$`);

function issue(field: string, result: z.ZodSafeParseResult<unknown>): string | null {
  return result.success ? null : `a ${field} Scout cannot read (${result.error.issues[0]?.message ?? 'shape'})`;
}

/** An account as a notice names it: its cached report's name and handle ('National Geographic (@natgeo, Instagram)'), never its key. */
export type AccountNamer = (network: Network, accountKey: string) => string;

export function accountNamer(db: Db): AccountNamer {
  const report = db.prepare<[string, string], { title: string | null; username: string; account_id: string | null }>('SELECT title, username, account_id FROM reports WHERE network = ? AND account_key = ?');
  return (network, key) => {
    const r = report.get(network, key);
    return r ? accountWords(network, r.title, r.username, r.account_id) : accountWords(network, null, key);
  };
}

/** Saved comparisons (Compare). */
export function comparisonAdapter(db: Db, repo: ComparisonsRepository, now: () => number = Date.now, nameOf: AccountNamer = accountNamer(db)): DocAdapter {
  const fetchedAt = db.prepare<[number], { fetched_at: number }>('SELECT fetched_at FROM report_snapshots WHERE id = ?');
  const snapshotAt = db.prepare<[string, string, number], { id: number }>(
    'SELECT id FROM report_snapshots WHERE network = ? AND account_key = ? AND fetched_at = ? ORDER BY id DESC LIMIT 1',
  );
  const fieldsOf = (c: NonNullable<ReturnType<ComparisonsRepository['get']>>): Fields => {
    const out: Fields = {
      name: c.name,
      period: c.period,
      accounts: c.items.map((i) => ({ network: i.network, accountKey: i.accountKey, fetchedAt: fetchedAt.get(i.snapshotId)?.fetched_at ?? 0 })),
    };
    for (const i of c.items) if (i.note !== '') out[`note:${i.network}:${i.accountKey}`] = i.note;
    return out;
  };
  return {
    kind: 'comparison',
    locals: () => new Map(repo.list().map((c) => [c.id, fieldsOf(c)])),
    local(id) {
      const c = repo.get(id);
      return c ? fieldsOf(c) : null;
    },
    problem(field, value) {
      if (field === 'name') return issue('name', name.safeParse(value));
      if (field === 'period') return issue('period', z.enum(comparePeriods).safeParse(value));
      if (field === 'accounts') return issue('list of accounts', accounts.safeParse(value));
      if (NOTE_FIELD.test(field)) return issue('note', note.safeParse(value));
      return `a field of a comparison this Scout does not know (${field.slice(0, 60)})`;
    },
    write(localId, fields) {
      const list = accounts.safeParse(fields.accounts);
      if (typeof fields.name !== 'string' || typeof fields.period !== 'string' || !list.success) return { waiting: 'Not all of it has arrived from the team yet.' };
      const items = [];
      for (const a of list.data) {
        const snapshot = snapshotAt.get(a.network, a.accountKey, a.fetchedAt);
        if (!snapshot) return { waiting: `The report of ${a.accountKey} it was made from has not arrived from the team yet.` };
        const text = fields[`note:${a.network}:${a.accountKey}`];
        items.push({ network: a.network, accountKey: a.accountKey, snapshotId: snapshot.id, note: typeof text === 'string' ? text : '' });
      }
      const comparison = { name: fields.name.trim(), period: fields.period as (typeof comparePeriods)[number], items };
      const saved = repo.save(localId, comparison, now()) ?? repo.save(null, comparison, now())!;
      return { localId: saved.id };
    },
    remove: (id) => void repo.delete(id),
    describe(field) {
      const n = NOTE_FIELD.exec(field);
      if (n) return `the note on ${nameOf(n[1] as Network, n[2]!)}`;
      return field === 'accounts' ? 'the accounts' : field === 'period' ? 'the period' : 'the name';
    },
    title: (fields) => (typeof fields.name === 'string' ? `the comparison “${fields.name}”` : 'a comparison'),
  };
}

const runOutcome = z.enum(['finished', 'cancelled', 'failed']);
const page = z.number().int().min(1).max(500);
const count = z.number().int().min(0).max(1_000_000);
const run = z
  .object({
    at: z.number().int().nonnegative(),
    sandbox: z.boolean(),
    fromPage: page,
    toPage: page,
    pagesFetched: count,
    pagesFromCache: count,
    callsSpent: count,
    outcome: runOutcome,
    message: z.string().max(2000).nullable(),
  })
  .strict()
  .refine((r) => r.toPage >= r.fromPage, 'a range of pages that ends before it starts');
type Run = z.infer<typeof run>;
const runField = (r: Run) => `run:${r.at}:${r.fromPage}-${r.toPage}:${r.sandbox ? 'sandbox' : 'production'}`;

/** Saved discovery queries with their run history. */
export function discoveryQueryAdapter(store: DiscoveryWorkspaceRepository, now: () => number = Date.now): DocAdapter {
  const fieldsOf = (q: NonNullable<ReturnType<DiscoveryWorkspaceRepository['query']>>): Fields => {
    const out: Fields = { name: q.name, body: q.body };
    for (const r of q.runs) {
      const value: Run = { at: r.at, sandbox: r.sandbox, fromPage: r.fromPage, toPage: r.toPage, pagesFetched: r.pagesFetched, pagesFromCache: r.pagesFromCache, callsSpent: r.callsSpent, outcome: r.outcome, message: r.message };
      out[runField(value)] = value;
    }
    return out;
  };
  return {
    kind: 'discovery_query',
    locals: () => new Map(store.queries().map((q) => [q.id, fieldsOf(q)])),
    local(id) {
      const q = store.query(id);
      return q ? fieldsOf(q) : null;
    },
    problem(field, value) {
      if (field === 'name') return issue('name', name.safeParse(value));
      if (field === 'body') {
        if (Buffer.byteLength(JSON.stringify(value)) > MAX_BODY_BYTES) return `a query larger than ${MAX_BODY_BYTES / 1024} KB`;
        const checked = validateDiscoveryQuery(value);
        return checked.ok ? null : `a query Scout cannot run (${checked.errors[0]?.message ?? 'invalid'})`;
      }
      if (field.startsWith('run:')) {
        const r = run.safeParse(value);
        if (!r.success) return issue('run', r);
        return runField(r.data) === field ? null : 'a run filed under another run’s name';
      }
      return `a field of a saved query this Scout does not know (${field.slice(0, 60)})`;
    },
    write(localId, fields) {
      const body = validateDiscoveryQuery(fields.body);
      if (typeof fields.name !== 'string' || !body.ok) return { waiting: 'Not all of it has arrived from the team yet.' };
      const input = { name: fields.name.trim(), body: body.body as DiscoveryBody };
      const saved = (localId === null ? null : store.saveQuery({ id: localId, ...input }, now())) ?? store.saveQuery(input, now())!;
      const held = new Set(saved.runs.map((r) => runField({ ...r })));
      // The latest runs of the team's history, as many as a query keeps; the older ones stay in the team's.
      const runs = Object.entries(fields)
        .filter(([f]) => f.startsWith('run:'))
        .map(([, v]) => run.parse(v))
        .sort((a, b) => b.at - a.at)
        .slice(0, RUNS_KEPT);
      for (const r of runs.reverse()) if (!held.has(runField(r))) store.addRun(saved.id, r);
      return { localId: saved.id };
    },
    remove: (id) => void store.deleteQuery(id),
    appendOnly: (field) => field.startsWith('run:'),
    describe: (field) => (field === 'body' ? 'the query' : field.startsWith('run:') ? 'a run' : 'the name'),
    title: (fields) => (typeof fields.name === 'string' ? `the saved query “${fields.name}”` : 'a saved query'),
  };
}

const entry = z
  .object({
    network: z.enum(networks),
    accountKey: z.string().min(1).max(400),
    account: z.string().min(1).max(2048),
    title: z.string().max(1000).nullable(),
    avatarUrl: z.string().max(4096).nullable(),
    followers: z.number().nonnegative().nullable(),
  })
  .strict()
  .refine((e) => keyOf(e.accountKey) === e.accountKey, 'an account key not as Scout writes one');

/** One uuid per account and kind, the same on every laptop. */
export function accountDocId(kind: 'shortlist_item' | 'account_notes', network: Network, accountKey: string): string {
  return derivedDocId(`${kind}\u0000${network}\u0000${accountKey}`);
}

/** A uuid (version 5 in form) derived from `seed`: every laptop derives the same one. */
function derivedDocId(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The shortlist and its notes. */
export function shortlistAdapter(db: Db, store: DiscoveryWorkspaceRepository, now: () => number = Date.now): DocAdapter {
  type Row = { id: number; network: Network; account_key: string; account: string; title: string | null; avatar_url: string | null; followers: number | null; note: string };
  const rows = db.prepare<[], Row>('SELECT id, network, account_key, account, title, avatar_url, followers, note FROM shortlist');
  const row = db.prepare<[number], Row>('SELECT id, network, account_key, account, title, avatar_url, followers, note FROM shortlist WHERE id = ?');
  const idOf = db.prepare<[string, string], { id: number }>('SELECT id FROM shortlist WHERE network = ? AND account_key = ?');
  const fieldsOf = (r: Row): Fields => {
    const out: Fields = { entry: { network: r.network, accountKey: r.account_key, account: r.account, title: r.title, avatarUrl: r.avatar_url, followers: r.followers } };
    if (r.note !== '') out.note = r.note;
    return out;
  };
  return {
    kind: 'shortlist_item',
    locals: () => new Map(rows.all().map((r) => [r.id, fieldsOf(r)])),
    local(id) {
      const r = row.get(id);
      return r ? fieldsOf(r) : null;
    },
    problem(field, value) {
      if (field === 'entry') return issue('shortlist entry', entry.safeParse(value));
      if (field === 'note') return issue('note', note.safeParse(value));
      return `a field of a shortlist entry this Scout does not know (${field.slice(0, 60)})`;
    },
    write(_localId, fields) {
      const e = entry.safeParse(fields.entry);
      if (!e.success) return { waiting: 'Not all of it has arrived from the team yet.' };
      store.addToShortlist([e.data], now());
      const id = idOf.get(e.data.network, e.data.accountKey)!.id;
      store.setShortlistNote(id, typeof fields.note === 'string' ? fields.note : '');
      return { localId: id };
    },
    remove: (id) => void store.removeFromShortlist([id]),
    docIdFor(fields) {
      const e = entry.safeParse(fields.entry);
      return e.success ? accountDocId('shortlist_item', e.data.network, e.data.accountKey) : null;
    },
    describe: (field) => (field === 'note' ? 'the note' : 'the entry'),
    title(fields) {
      const e = entry.safeParse(fields.entry);
      return e.success ? `${accountWords(e.data.network, e.data.title, e.data.account)} on the shortlist` : 'a shortlisted account';
    },
  };
}

const notedAccount = z
  .object({ network: z.enum(networks), accountKey: z.string().min(1).max(400) })
  .strict()
  .refine((a) => keyOf(a.accountKey) === a.accountKey, 'an account key not as Scout writes one');

/** A researcher's note, tags and status (a step's id) on an account. */
export function accountNotesAdapter(repo: AccountNotesRepository, nameOf: AccountNamer, now: () => number = Date.now): DocAdapter {
  const fieldsOf = (n: NonNullable<ReturnType<AccountNotesRepository['get']>>): Fields => {
    const out: Fields = { account: { network: n.network, accountKey: n.accountKey } };
    if (n.note !== '') out.note = n.note;
    if (n.status !== null) out.status = n.status;
    for (const tag of n.tags) out[`tag:${tagKey(tag)}`] = tag;
    return out;
  };
  const describe = (field: string) => (field.startsWith('tag:') ? `the tag “${field.slice(4)}”` : field === 'status' ? 'the status' : 'the note');
  return {
    kind: 'account_notes',
    locals: () => new Map(repo.list().map((n) => [n.id, fieldsOf(n)])),
    local(id) {
      const n = repo.byId(id);
      return n ? fieldsOf(n) : null;
    },
    problem(field, value) {
      if (field === 'account') return issue('account', notedAccount.safeParse(value));
      if (field === 'note') return issue('note', z.string().max(MAX_ACCOUNT_NOTE).safeParse(value));
      if (field === 'status') return issue('status', statusStepId.safeParse(value));
      if (field.startsWith('tag:')) {
        if (typeof value !== 'string' || cleanTag(value) !== value) return 'a tag Scout cannot read';
        return `tag:${tagKey(value)}` === field ? null : 'a tag filed under another tag’s name';
      }
      return `a field of an account's notes this Scout does not know (${field.slice(0, 60)})`;
    },
    write(localId, fields) {
      const account = notedAccount.safeParse(fields.account);
      if (!account.success) return { waiting: 'Not all of it has arrived from the team yet.' };
      const tags = Object.entries(fields)
        .filter(([f, v]) => f.startsWith('tag:') && typeof v === 'string')
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([, v]) => v as string);
      const status = statusStepId.safeParse(fields.status);
      const saved = repo.set(account.data.network, account.data.accountKey, { note: typeof fields.note === 'string' ? fields.note : '', tags, status: status.success ? status.data : null }, now());
      if (saved === null) {
        if (localId !== null) repo.remove(localId);
        return { waiting: 'No note, tag or status is left on this account.' };
      }
      return { localId: saved.id };
    },
    remove: (id) => void repo.remove(id),
    docIdFor(fields) {
      const a = notedAccount.safeParse(fields.account);
      return a.success ? accountDocId('account_notes', a.data.network, a.data.accountKey) : null;
    },
    describe,
    title(fields) {
      const a = notedAccount.safeParse(fields.account);
      return a.success ? `the notes on ${nameOf(a.data.network, a.data.accountKey)}` : 'an account’s notes';
    },
    fieldOf(field, fields) {
      const a = notedAccount.safeParse(fields.account);
      return `${describe(field)} on ${a.success ? nameOf(a.data.network, a.data.accountKey) : 'an account'}`;
    },
  };
}

const WATCHED_FIELD = new RegExp(`^account:(${networks.join('|')}):(.{1,100})$`);
/** A watched account whose report a run found gone: the API's words (the "no longer available" alert on every laptop). */
const GONE_FIELD = new RegExp(`^gone:(${networks.join('|')}):(.{1,100})$`);
const goneField = (ref: AccountRef) => `gone:${ref.network}:${ref.key}`;
const watchedField = (ref: AccountRef) => `account:${ref.network}:${ref.key}`;

/** A pulled member of a watchlist, read as Add accounts reads it; null when it does not read back to its field. */
function watchedAccount(field: string, value: unknown): AccountRef | null {
  const f = WATCHED_FIELD.exec(field);
  if (!f || typeof value !== 'string' || value.length > 200) return null;
  const read = parseAccountRef(value, f[1] as Network);
  return read.ok && read.value.key === f[2] ? read.value : null;
}

/** Watchlists: their settings, alert rules and accounts (each laptop keeps its own runs' outcomes). */
export function watchlistAdapter(db: Db, repo: WatchlistsRepository, alerts: AlertsRepository, now: () => number = Date.now, onRemoved?: (localId: number) => void, nameOf: AccountNamer = accountNamer(db)): DocAdapter {
  const fieldsOf = (id: number): Fields | null => {
    const w = repo.get(id);
    if (!w) return null;
    const out: Fields = { name: w.name, schedule: w.schedule, renewCap: w.renewCap, paused: w.paused };
    let stored: unknown = null;
    try {
      stored = JSON.parse(alerts.rulesText(id) ?? 'null');
    } catch {
      // Rules this laptop cannot read are not offered to the team.
    }
    const rules = readAlertRules(stored);
    if (rules) out.rules = rules;
    for (const a of repo.accounts(id)) {
      out[watchedField(a.ref)] = accountText(a.ref);
      if (a.gone !== null) out[goneField(a.ref)] = a.gone;
    }
    return out;
  };
  /** The name, or one made unique on this laptop (two teammates' “Beauty”); kept here only, until renamed. */
  const freeName = (wanted: string, self: number | null): string => {
    for (let n = 1; ; n++) {
      const suffix = n === 1 ? '' : ` (${n})`;
      const candidate = `${wanted.slice(0, MAX_WATCHLIST_NAME - suffix.length)}${suffix}`;
      const taken = repo.named(candidate);
      if (taken === null || taken === self) return candidate;
    }
  };
  return {
    kind: 'watchlist',
    locals: () => new Map(repo.list().map((w) => [w.id, fieldsOf(w.id)!])),
    local: fieldsOf,
    problem(field, value) {
      if (field === 'name') return typeof value === 'string' && cleanWatchlistName(value) === value ? null : 'a watchlist name Scout cannot read';
      if (field === 'schedule') return issue('schedule', z.enum(watchSchedules).safeParse(value));
      if (field === 'renewCap') return issue('renewal limit', z.number().int().min(0).max(MAX_RENEW_CAP).safeParse(value));
      if (field === 'paused') return issue('paused', z.boolean().safeParse(value));
      if (field === 'rules') return readAlertRules(value) === null ? 'alert rules Scout cannot read' : null;
      if (field.startsWith('account:')) return watchedAccount(field, value) ? null : 'a watched account Scout cannot read';
      if (GONE_FIELD.test(field)) {
        // Shown in every teammate's alerts: words only, never control or format characters.
        return issue('reason a report is gone', z.string().min(1).max(2000).regex(/^[^\p{Cc}\p{Cf}]*$/u, 'control or format characters').safeParse(value));
      }
      return `a field of a watchlist this Scout does not know (${field.slice(0, 60)})`;
    },
    write(localId, fields) {
      const schedule = z.enum(watchSchedules).safeParse(fields.schedule);
      if (typeof fields.name !== 'string' || !schedule.success) return { waiting: 'Not all of it has arrived from the team yet.' };
      const renewCap = typeof fields.renewCap === 'number' ? fields.renewCap : 0;
      const refs = Object.entries(fields)
        .map(([field, value]) => watchedAccount(field, value))
        .filter((r): r is AccountRef => r !== null)
        .slice(0, MAX_WATCHLIST_ACCOUNTS);
      const rules = readAlertRules(fields.rules);
      return db.transaction(() => {
        let id = localId !== null && repo.get(localId) ? localId : null;
        const name = freeName(fields.name as string, id);
        if (id === null) id = repo.create({ name, schedule: schedule.data, renewCap }, now());
        repo.update(id, { name, schedule: schedule.data, renewCap, paused: fields.paused === true });
        if (rules) alerts.setRules(id, rules);
        repo.setAccounts(id, refs, now());
        for (const ref of refs) {
          const why = fields[goneField(ref)];
          repo.setGone(id, ref, typeof why === 'string' ? why : null);
        }
        return { localId: id };
      })();
    },
    remove(id) {
      // A run of it under way stops (a teammate deleted it); what it refreshed stays.
      onRemoved?.(id);
      repo.remove(id);
    },
    describe(field) {
      const a = WATCHED_FIELD.exec(field);
      if (a) return `the account ${nameOf(a[1] as Network, a[2]!)}`;
      const g = GONE_FIELD.exec(field);
      if (g) return `whether the report of ${nameOf(g[1] as Network, g[2]!)} is gone`;
      return field === 'schedule' ? 'the schedule' : field === 'renewCap' ? 'the renewal limit' : field === 'paused' ? 'whether it is paused' : field === 'rules' ? 'the alert rules' : 'the name';
    },
    title: (fields) => (typeof fields.name === 'string' ? `the watchlist “${fields.name}”` : 'a watchlist'),
  };
}


/** The one shared thing of the research workflow's steps. */
export const STATUS_STEPS_DOC_ID = derivedDocId('status_steps');

/** The research workflow's status steps (Settings → Research workflow). */
export function statusStepsAdapter(db: Db, repo: AccountNotesRepository): DocAdapter {
  const linked = db.prepare<[], { n: number }>("SELECT count(*) AS n FROM shared_docs WHERE doc_kind = 'status_steps' AND local_id IS NOT NULL");
  const same = (a: readonly StatusStep[], b: readonly StatusStep[]) => a.length === b.length && a.every((s, i) => s.id === b[i]!.id && s.label === b[i]!.label);
  const fields = (): Fields | null => {
    const steps = repo.steps().map((s) => ({ id: s.id, label: s.label }));
    // The usual steps, never shared from here: nothing to offer (the team's, if any, arrive instead).
    if (same(steps, DEFAULT_STATUS_STEPS) && (linked.get()?.n ?? 0) === 0) return null;
    return { steps };
  };
  return {
    kind: 'status_steps',
    locals() {
      const f = fields();
      return new Map(f ? [[STEPS_LOCAL_ID, f]] : []);
    },
    local: (id) => (id === STEPS_LOCAL_ID ? fields() : null),
    problem(field, value) {
      if (field === 'steps') return issue('list of status steps', statusStepsSchema.safeParse(value));
      return `a field of the status steps this Scout does not know (${field.slice(0, 60)})`;
    },
    write(_localId, f) {
      const steps = statusStepsSchema.safeParse(f.steps);
      if (!steps.success) return { waiting: 'Not all of it has arrived from the team yet.' };
      // A teammate's removed step leaves its accounts without a status here too (as it did there).
      repo.setSteps(steps.data);
      return { localId: STEPS_LOCAL_ID };
    },
    // The steps are never deleted, only changed: a workspace always has some.
    remove: () => undefined,
    docIdFor: () => STATUS_STEPS_DOC_ID,
    describe: () => 'the status steps',
    title: () => 'the research workflow’s status steps',
  };
}

/**
 * A Team workspace's shared work over its SQLite file: every kind this Scout shares. The
 * repositories are new instances over the same database (they hold only prepared statements).
 */
export function teamSharedWork(
  db: Db,
  pool: pg.Pool | (() => pg.Pool),
  hooks: Pick<SharedWorkDeps, 'onApplied' | 'onNotice' | 'now' | 'listen'> & { onWatchlistRemoved?: (localId: number) => void } = {},
): SharedWork {
  const store = new DiscoveryWorkspaceRepository(db);
  const now = hooks.now ?? Date.now;
  return new SharedWork({
    db,
    pool,
    adapters: [
      comparisonAdapter(db, new ComparisonsRepository(db), now),
      discoveryQueryAdapter(store, now),
      shortlistAdapter(db, store, now),
      accountNotesAdapter(new AccountNotesRepository(db), accountNamer(db), now),
      statusStepsAdapter(db, new AccountNotesRepository(db)),
      watchlistAdapter(db, new WatchlistsRepository(db), new AlertsRepository(db), now, hooks.onWatchlistRemoved),
      campaignAdapter(new CampaignsRepository(db), accountNamer(db), now),
    ],
    ...hooks,
  });
}
