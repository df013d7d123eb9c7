// The server, team database, researchers and simulator of test/teamHarness.ts's describeTeam,
// without vitest: the team benches start (and close) theirs with `startTeam` too.
import { startSimulator, type SimulatorHandle, type SimulatorOptions } from '../src/simulator/server';
import { startPostgres, type TestPostgres } from './postgresServer';
import { teamDatabase, type Researcher, type TeamDatabase } from './teamDb';

export interface TeamOptions<R extends string = string> {
  /** The researchers of the file's team database, by display name (each a role of its own). */
  researchers?: readonly R[];
  /** The simulator's options; absent, no simulator (a test of the database alone). */
  simulator?: SimulatorOptions;
  /** `false`: no team database for the file (each test makes its own with `freshTeam`). */
  team?: boolean;
}

/** What `startTeam` starts: for the benches, which close it themselves. */
export interface StartedTeam {
  server: TestPostgres;
  team: TeamDatabase | null;
  researchers: Record<string, Researcher>;
  sim: SimulatorHandle | null;
  close(): Promise<void>;
}

/** A server, a team database with `researchers`, and the simulator; closed (whatever started) by `close`. */
export async function startTeam(options: TeamOptions = {}): Promise<StartedTeam> {
  const started: StartedTeam = {
    server: await startPostgres(),
    team: null,
    researchers: {},
    sim: null,
    async close() {
      await started.team?.close();
      await started.server.close();
      await started.sim?.close();
    },
  };
  try {
    if (options.team !== false) {
      started.team = await teamDatabase(started.server);
      for (const name of options.researchers ?? []) started.researchers[name] = await started.team.addResearcher(name);
    }
    if (options.simulator) started.sim = await startSimulator(options.simulator);
  } catch (error) {
    await started.close().catch(() => undefined);
    throw error;
  }
  return started;
}
