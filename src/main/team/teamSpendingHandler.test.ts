// `team:spending` through the handler map: nothing to show without a team; a team that cannot
// be reached said in a researcher's words (a real team ledger on a real SQLite file, no server).
import { expect, it } from 'vitest';
import { openDatabase } from '../platform/cache/database';
import { createHandlers } from '../host/handlers';
import { Logger } from '../platform/log';
import type { MainServices } from '../app/mainServices';
import { TeamLedger } from './teamLedger';

const servicesWith = (workspace: object) => ({ active: () => workspace }) as unknown as MainServices;

it('says there is no team in a workspace without one', async () => {
  await expect(createHandlers(servicesWith({}))['team:spending']({})).resolves.toEqual({ team: false });
});

it("says the team's spending cannot be shown while the team database cannot be reached, with no connection details", async () => {
  const db = openDatabase(':memory:');
  try {
    const teamLedger = new TeamLedger({ pool: () => null, db, logger: new Logger('error') });
    await expect(createHandlers(servicesWith({ teamLedger }))['team:spending']({ months: 3 })).rejects.toMatchObject({
      code: 'TEAM_UNREACHABLE',
      message: "The team database cannot be reached, so the team's spending cannot be shown now. Your own spends are kept and shared once it is back.",
    });
  } finally {
    db.close();
  }
});
