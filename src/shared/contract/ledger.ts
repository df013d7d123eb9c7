// Ledger: the credits spent, by this laptop (ledger:*) and by the team (team:spending).
import { z } from 'zod';
import { parseAccountRef, type AccountRef } from '@shared/accountInput';
import type { Network, SpendingRow } from '@shared/reports';
import type { TeamSpending } from '@shared/teamSpending';
import { account, network, op, type OperationsOf } from './common';
import type { LedgerChannel } from './ledger.channels';

export const ledgerOperations = {
  /**
   * Spending by day, operation and account; `network` narrows it to one network, `account` to one
   * account (its network from `network`, or from the account itself when it is a link).
   */
  'ledger:spending': op<SpendingRow[]>()(
    z
      .object({ from: z.number().int().nonnegative().optional(), to: z.number().int().nonnegative().optional(), network: network.optional(), account: account.optional() })
      .strict()
      .transform(({ account, ...rest }, ctx): { from?: number; to?: number; network?: Network; account?: AccountRef } => {
        if (account === undefined) return rest;
        const read = parseAccountRef(account, rest.network ?? null);
        if (!read.ok) {
          ctx.addIssue({ code: 'custom', path: ['account'], message: read.reason });
          return z.NEVER;
        }
        return { ...rest, network: read.value.network, account: read.value };
      }),
  ),
  /**
   * The team's spending per researcher, month (UTC) and balance, over the last `months` months
   * (12 when absent), from the team ledger; `{ team: false }` in a workspace without a team.
   */
  'team:spending': op<TeamSpending>()(z.object({ months: z.number().int().min(1).max(36).optional() }).strict()),
} satisfies OperationsOf<LedgerChannel>;
