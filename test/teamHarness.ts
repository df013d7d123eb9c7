// The one set-up of the Team integration tests (and the team benches): a real PostgreSQL for the
// file, a team database on it with its researchers (test/teamDb.ts), the simulator as the paid
// API, and laptops connected as those researchers (test/teamLaptop.ts), each closed, with its
// keychain entries, after the test that made it; or, for tests of the kernel and the sync engine
// that wire Team themselves, plain production services on the simulator (test/productionHarness.ts).
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { MainServices } from '../src/main/app/mainServices';
import type { SimulatorHandle } from '../src/simulator/server';
import { describeWithPostgres, type TestPostgres } from './postgres';
import { productionHarness, productionHarnessWith, type ProductionHarness, type ProductionHarnessOptions } from './productionHarness';
import { teamDatabase, type Researcher, type TeamDatabase } from './teamDb';
import { closeLaptops, connect, teamLaptop, type Laptop } from './teamLaptop';
import { startTeam, type StartedTeam, type TeamOptions } from './teamStart';

export { startTeam, type StartedTeam, type TeamOptions } from './teamStart';

export type LaptopOptions = NonNullable<Parameters<typeof teamLaptop>[1]> & {
  /** `false`: the researcher's keychain, but not connected here (a laptop started again, that connects by itself). */
  connect?: boolean;
};

export interface TeamHarness<R extends string = string> {
  readonly server: TestPostgres;
  /** The file's team database (not with `team: false`). */
  readonly team: TeamDatabase;
  readonly sim: SimulatorHandle;
  /** The file's researchers, by display name. */
  readonly researchers: Readonly<Record<R, Researcher>>;
  /**
   * The keychain service of a researcher's laptops (the same in every test of the file, so that
   * one started again on the folder of another finds its password); none given, the file's own.
   * Its entries are removed after the test (or the file) that asked for it.
   */
  keychain(researcher?: Researcher | R): string;
  /**
   * Main services with Team active on the simulator, connected as `researcher` (a name of the
   * file's, or one of a `freshTeam`) when one is given, its keychain that researcher's; none
   * given, a keychain of its own (or `options.keychain`). Made in a test, closed after it; made
   * in a beforeAll, after the file.
   */
  laptop(researcher?: Researcher | R | null, options?: LaptopOptions): Promise<Laptop>;
  /**
   * Main services on a data folder of their own, production (no Team) against the file's
   * simulator: `productionHarness`'s short retries and polling, or exactly `services`. Closed,
   * with the folder, after the test that made it (after the file, made in a beforeAll).
   */
  production(services?: ProductionHarnessOptions['services']): Promise<ProductionHarness>;
  /** Two laptops, connected as the file's first two researchers. */
  pair(): Promise<[Laptop, Laptop]>;
  /** A team database of this test alone, with these researchers; closed after the test. */
  freshTeam<const N extends readonly string[]>(...names: N): Promise<{ team: TeamDatabase; researchers: { [K in keyof N]: Researcher } }>;
  /** Main services a test started itself, closed with its laptops. */
  closeAfter(services: MainServices): void;
  /**
   * This test's laptops (and `production` services) closed now, their keychain entries kept (for
   * laptops started again on their folders, or a test's own clean-up that must come after).
   */
  closeLaptops(): Promise<void>;
}

/**
 * `describe` over a team: the server, team database and simulator started before the file's
 * tests and closed after them; the laptops of a test closed, their keychain entries removed, after it.
 */
export function describeTeam<const R extends string>(name: string, options: TeamOptions<R>, body: (t: TeamHarness<R>) => void): void {
  describeWithPostgres(name, () => {
    let started: StartedTeam | undefined;
    const base = `scout-workbench-test-${randomUUID()}`;
    // The services and keychains of this test's laptops, and of the file's (made in a beforeAll).
    const newScope = () => ({ open: [] as MainServices[], harnesses: [] as ProductionHarness[], keychains: new Set<string>(), teams: [] as TeamDatabase[] });
    const forTest = newScope();
    const forFile = newScope();
    let inTest = false;
    let laptops = 0;
    const current = () => (inTest ? forTest : forFile);
    const ready = (): StartedTeam => {
      if (!started) throw new Error('the team harness is started in beforeAll: use it in a test or a hook');
      return started;
    };
    const researcherOf = (r: Researcher | string): Researcher => {
      if (typeof r !== 'string') return r;
      const found = ready().researchers[r];
      if (!found) throw new Error(`no researcher ${r} in this file's team (options.researchers)`);
      return found;
    };

    const t: TeamHarness<R> = {
      get server() {
        return ready().server;
      },
      get team() {
        const team = ready().team;
        if (!team) throw new Error('this file has no team database of its own (team: false)');
        return team;
      },
      get sim() {
        const sim = ready().sim;
        if (!sim) throw new Error('this file starts no simulator (options.simulator)');
        return sim;
      },
      get researchers() {
        return ready().researchers as Record<R, Researcher>;
      },
      keychain(researcher) {
        const service = researcher === undefined ? base : `${base}-${researcherOf(researcher).role}`;
        current().keychains.add(service);
        return service;
      },
      async laptop(researcher, laptopOptions = {}) {
        const r = researcher == null ? null : researcherOf(researcher);
        const keychainService = r ? t.keychain(r) : `${base}-laptop${++laptops}`;
        const scope = current();
        scope.keychains.add(keychainService);
        if (laptopOptions.keychain) scope.keychains.add(laptopOptions.keychain);
        const laptop = await teamLaptop({ sim: t.sim, keychainService, open: scope.open }, laptopOptions);
        if (r && laptopOptions.connect !== false) expect((await connect(laptop, r)).status.state).toBe('connected');
        return laptop;
      },
      async production(services) {
        const harness = services ? await productionHarnessWith({ sim: t.sim, services }) : await productionHarness({}, {}, t.sim);
        current().harnesses.push(harness);
        return harness;
      },
      async pair() {
        const [first, second] = options.researchers ?? [];
        if (!first || !second) throw new Error('pair() needs two researchers in options.researchers');
        const a = await t.laptop(first);
        const b = await t.laptop(second);
        return [a, b];
      },
      async freshTeam(...names) {
        const team = await teamDatabase(t.server);
        current().teams.push(team);
        const researchers: Researcher[] = [];
        for (const n of names) researchers.push(await team.addResearcher(n));
        return { team, researchers: researchers as { [K in keyof typeof names]: Researcher } };
      },
      closeAfter(services) {
        current().open.push(services);
      },
      async closeLaptops() {
        await closeLaptops(current().open, []);
        await Promise.all(current().harnesses.splice(0).map((h) => h.close()));
      },
    };

    const close = async (scope: ReturnType<typeof newScope>) => {
      await closeLaptops(scope.open, [...scope.keychains]);
      scope.keychains.clear();
      await Promise.all(scope.harnesses.splice(0).map((h) => h.close()));
      await Promise.all(scope.teams.splice(0).map((team) => team.close()));
    };
    // A server started beside other test workers on CI can take longer than a hook's usual 20 s.
    beforeAll(async () => {
      started = await startTeam(options);
    }, 60_000);
    beforeEach(() => {
      inTest = true;
    });
    afterEach(async () => {
      inTest = false;
      await close(forTest);
    });
    afterAll(async () => {
      await close(forFile);
      await started?.close();
    });

    body(t);
  });
}

/** A statement the database must refuse, with this SQLSTATE (and message). */
export async function refused(query: Promise<unknown>, code: string, message?: RegExp): Promise<void> {
  const error = (await query.then(
    () => null,
    (e: unknown) => e,
  )) as (Error & { code?: string }) | null;
  expect(error, 'the database should have refused this').not.toBeNull();
  expect(error!.code).toBe(code);
  if (message) expect(error!.message).toMatch(message);
}

export { waitUntil, type Researcher, type TeamDatabase } from './teamDb';
export { connect, logOf, settingsOf, type Laptop } from './teamLaptop';
