// Quotes: what a report of an account Scout has no record of would cost, asked of the API
// (auditor.creators) and, in a Team workspace, of the team database (a teammate may have it).
import type { BalanceKind } from '@shared/balances';
import { UnlockQuotes } from './unlockQuotes';
import { DiscoveryWorkspaceRepository } from '../discovery/discoveryWorkspaceRepository';
import { TeamError } from '../../kernel/teamErrors';
import { teamUnlocks, type AccountOf } from '../../team/teamUnlocks';
import { defineDomain } from '../context';

declare module '../context' {
  interface ServiceMap {
    unlocks: UnlockQuotes;
  }
}

export type QuoteChannel = 'reports:quote' | 'reports:quoteMany';

export const quotesDomain = defineDomain<QuoteChannel>({
  name: 'quotes',
  register: (ctx) => {
    const team = ctx.team;
    const unlocks = new UnlockQuotes({
      reports: ctx.use('reports'),
      creators: ctx.use('creators'),
      creatorsRepo: ctx.use('creatorsRepo'),
      store: new DiscoveryWorkspaceRepository(ctx.db),
      connection: ctx.connection,
      logger: ctx.logger,
      // Team: the quote says the monthly limit before the researcher confirms (the send checks again).
      ...(team
        ? {
            allowance: (balance: BalanceKind) => team.connector.gate.allowance(balance),
            teamUnlocks: async (accounts: AccountOf[]) => {
              const pool = team.connector.pool();
              if (!pool) throw new TeamError('TEAM_UNREACHABLE', 'the team database is not connected');
              return teamUnlocks(pool, accounts);
            },
          }
        : {}),
    });
    return { services: { unlocks } };
  },
  handlers: (h) => ({
    // Asks auditor.creators about an account Scout has no record of (unlockQuotes.ts).
    'reports:quote': async ({ account, tiktokType }) => h.active().unlocks.quote({ ...account, tiktokType }),
    'reports:quoteMany': async ({ items }) => h.active().unlocks.quoteMany(items.map(({ account, tiktokType }) => ({ ...account, tiktokType }))),
  }),
});
