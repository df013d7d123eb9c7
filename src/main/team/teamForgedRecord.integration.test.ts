// A teammate's record is evidence of what the team has, not of an unlock (issue 37): Mal, a
// researcher with psql, inserts report records nobody paid for. On Bob's laptop (wired as in the
// app, one real PostgreSQL, the simulator as referee of what was charged) they never make a quote
// free, and one filed under one account holding another's answer is set aside, never opened as
// that account. An honest teammate's purchase is still free for Bob, by the team ledger.
import { beforeAll, expect, it } from 'vitest';
import type pg from 'pg';
import type { CostQuote } from '@shared/reports';
import type { LibraryPageView } from '@shared/contract';
import { accountRef } from '@shared/accountInput';
import { Logger } from '../platform/log';
import { reportTeamItem } from '../domains/reports/reportRecords';
import { UnlockEvidence } from './teamUnlocks';
import { ADMIN_URL_VARIABLE, runTeamCli } from './cli';
import { connect, describeTeam, waitUntil, type Laptop } from '../../../test/teamHarness';

describeTeam("a teammate's record is not an unlock", { researchers: ['Anna Berg', 'Bob Lund', 'Mal Ice'], simulator: { generationMs: 30 } }, (t) => {
  let malSql: pg.Client;
  beforeAll(async () => {
    malSql = await t.researchers['Mal Ice'].client();
  });

  const inLibrary = async (l: Laptop, account: string) => (await l.call<LibraryPageView>('reports:library', {})).items.some((row) => row.accountKey === account);
  /** Anna's record of an account, as the team database holds it (the API's answer). */
  const bodyOf = async (account: string) => {
    const item = reportTeamItem('instagram', account);
    const { rows } = await t.team.admin.query<{ body_json: unknown }>('SELECT body_json FROM scout_team.records WHERE kind = $1 AND item_key = $2', [item.kind, item.key]);
    return rows[0]!.body_json;
  };
  /** Mal's record, inserted as psql would. */
  const forge = (account: string, body: unknown) => {
    const item = reportTeamItem('instagram', account);
    return malSql.query('INSERT INTO scout_team.records (kind, item_key, fetched_at, body_json) VALUES ($1, $2, now(), $3::jsonb)', [item.kind, item.key, JSON.stringify(body)]);
  };

  it('a record for an account nobody bought is in the library but quoted at its cost; an honest purchase is free', async () => {
    const [a, b] = await t.pair();
    await a.call('reports:fetch', { network: 'instagram', account: 'honestbuy', confirmedCost: 1, workspace: 'team' });
    await waitUntil("Anna's report on Bob's laptop", () => inLibrary(b, 'honestbuy'), 10_000);
    // Anna's answer, made over as another account nobody bought (its validUntil a year away).
    const forged = JSON.parse(JSON.stringify(await bodyOf('honestbuy')).replaceAll('honestbuy', 'victimz')) as unknown;
    await forge('victimz', forged);
    await waitUntil("Mal's record on Bob's laptop", () => inLibrary(b, 'victimz'), 10_000);

    const spent = t.sim.state.spent.credits;
    const quote = (account: string) => b.call<CostQuote>('reports:quote', { network: 'instagram', account });
    expect(await quote('victimz')).toMatchObject({ cost: 1 });
    // The cost a watchlist's refresh reads (no quote of the API or the team asked there).
    const bobsReports = b.services.workspaces.get('team').reports;
    expect(bobsReports.quote(accountRef('instagram', 'victimz')).cost).toBe(1);
    // Anna paid for hers: free for Bob, by the team ledger.
    await waitUntil("Anna's spend in the team ledger", async () => (await quote('honestbuy')).cost === 0, 10_000);
    expect(bobsReports.quote(accountRef('instagram', 'honestbuy')).cost).toBe(0);
    expect(t.sim.state.spent.credits).toBe(spent);
  });

  it("a record filed under one account holding another's answer is set aside, never opened as that account", async () => {
    const [a, b] = await t.pair();
    await a.call('reports:fetch', { network: 'instagram', account: 'realowner', confirmedCost: 1, workspace: 'team' });
    await waitUntil("Anna's report on Bob's laptop", () => inLibrary(b, 'realowner'), 10_000);
    await forge('misfiled', await bodyOf('realowner'));
    const sync = b.services.workspaces.get('team').teamSync!;
    await waitUntil('the misfiled record set aside', () => sync.skipped().length > 0, 10_000);
    expect(sync.skipped()).toEqual([expect.objectContaining({ kind: 'report', researcher: t.researchers['Mal Ice'].role, reason: expect.stringMatching(/filed under misfiled holds the report of another account \(realowner\)/) })]);
    expect(await inLibrary(b, 'misfiled')).toBe(false);
    const opened = await b.call<{ result: unknown }>('reports:open', { network: 'instagram', account: 'realowner' });
    expect(JSON.stringify(opened.result)).toContain('realowner');
  });

  it('an unreadable record never blocks buying; a readable forged one stands for the item until the admin sets it aside', async () => {
    const [, b] = await t.pair();
    const spent = () => t.sim.state.spent.credits;
    // Unreadable (not a report at all): Bob's fetch buys it, rather than telling him to ask the admin.
    await forge('brokenacct', { result: { user: 'not a report' } });
    const before = spent();
    await b.call('reports:fetch', { network: 'instagram', account: 'brokenacct', confirmedCost: 1, workspace: 'team' });
    expect(spent() - before).toBe(1);
    expect(await inLibrary(b, 'brokenacct')).toBe(true);

    // Readable, but nobody bought it: taken as the team's copy, nothing spent…
    const a = await t.laptop();
    await connect(a, t.researchers['Anna Berg']);
    await a.call('reports:fetch', { network: 'instagram', account: 'setasidesource', confirmedCost: 1, workspace: 'team' });
    await forge('setasideacct', JSON.parse(JSON.stringify(await bodyOf('setasidesource')).replaceAll('setasidesource', 'setasideacct')) as unknown);
    const { rows } = await t.team.admin.query<{ seq: string }>('SELECT seq::text AS seq FROM scout_team.records WHERE researcher = $1 AND item_key = $2', [t.researchers['Mal Ice'].role, reportTeamItem('instagram', 'setasideacct').key]);
    const seq = rows[0]!.seq;
    const taken = spent();
    await b.call('reports:fetch', { network: 'instagram', account: 'setasideacct', confirmedCost: 1, workspace: 'team' });
    expect(spent()).toBe(taken);
    // …until the admin sets it aside; then Bob's next fetch buys it.
    let out = '';
    let err = '';
    const io = { env: { [ADMIN_URL_VARIABLE]: t.server.adminUrl(t.team.database) }, out: (text: string) => (out += text), err: (text: string) => (err += text), readStdin: async () => '' };
    expect(await runTeamCli({ ...io, argv: ['set-aside', seq, '--reason', 'forged: nobody bought this', '--apply'] })).toBe(0);
    expect(out).toContain(`Record ${seq} (report ${reportTeamItem('instagram', 'setasideacct').key} by ${t.researchers['Mal Ice'].role}) is set aside`);
    expect(await runTeamCli({ ...io, argv: ['set-aside', '999999999', '--reason', 'x', '--apply'] })).toBe(1);
    expect(err).toContain('No record has the number 999999999');
    await b.call('reports:fetch', { network: 'instagram', account: 'setasideacct', confirmedCost: 1, workspace: 'team' });
    expect(spent() - taken).toBe(1);
    // Researchers read what was set aside, and cannot set anything aside themselves.
    await expect(malSql.query('INSERT INTO scout_team.records_set_aside (seq, reason) VALUES ($1, $2)', [seq, 'mine'])).rejects.toMatchObject({ code: '42501' });
  });

  it("pulled reports are looked up in the team ledger, again while a teammate's spend has not arrived, and never unlocked without one", async () => {
    const pool = t.researchers['Anna Berg'].pool();
    const marked: string[] = [];
    const evidence = new UnlockEvidence({
      pool: () => pool,
      markUnlocked: (account) => {
        marked.push(account.accountKey);
        return true;
      },
      logger: new Logger('error'),
      // The last look comes seconds later, so Anna's spend (a connection and two inserts below)
      // reaches the team before it however busy the machine is.
      retryMs: [200, 3_000],
    });
    try {
      evidence.add({ network: 'instagram', accountKey: 'paidlater' });
      evidence.add({ network: 'instagram', accountKey: 'neverpaid' });
      await evidence.flush();
      expect(marked).toEqual([]);
      // Anna's spend reaches the team after her record.
      const entry = crypto.randomUUID();
      const annaSql = await t.researchers['Anna Berg'].client();
      await annaSql.query(`INSERT INTO scout_team.ledger (entry_id, state, operation, network, account_key, balance, expected_cost) VALUES ($1, 'open', 'report', 'instagram', 'paidlater', 'credits', 1)`, [entry]);
      await annaSql.query(`INSERT INTO scout_team.ledger (entry_id, state, operation, balance, expected_cost, cost) VALUES ($1, 'settled', 'report', 'credits', 0, 1)`, [entry]);
      await waitUntil('the spend found on a later look', () => marked.includes('paidlater'), 10_000);
      // A report paid for and then refunded (its generation failed) unlocked nothing.
      const paid = crypto.randomUUID();
      const refund = crypto.randomUUID();
      await annaSql.query(`INSERT INTO scout_team.ledger (entry_id, state, operation, network, account_key, balance, expected_cost) VALUES ($1, 'open', 'report', 'instagram', 'refundedacct', 'credits', 1)`, [paid]);
      await annaSql.query(`INSERT INTO scout_team.ledger (entry_id, state, operation, balance, expected_cost, cost) VALUES ($1, 'settled', 'report', 'credits', 0, 1)`, [paid]);
      await annaSql.query(`INSERT INTO scout_team.ledger (entry_id, state, operation, network, account_key, balance, expected_cost) VALUES ($1, 'open', 'report', 'instagram', 'refundedacct', 'credits', 0)`, [refund]);
      await annaSql.query(`INSERT INTO scout_team.ledger (entry_id, state, operation, balance, expected_cost, cost) VALUES ($1, 'settled', 'report', 'credits', 0, -1)`, [refund]);
      evidence.add({ network: 'instagram', accountKey: 'refundedacct' });
      await evidence.flush();
      // Asked twice more, then left to the quote's own look-up.
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      expect(marked).toEqual(['paidlater']);
    } finally {
      await evidence.stop();
    }
  });
});
