// Creators: the API's creators, synced into the cache (free) with its filters, and searched there.
import { z } from 'zod';
import { CALENDAR_DAY_FORMAT, isCalendarDay } from '@shared/calendarDay';
import { MAX_CREATOR_ACCOUNTS, MAX_CREATOR_IDS } from '@shared/creators';
import type { CreatorsProgress, CreatorsSyncResult, CreatorView } from '@shared/discoveryData';
import { network, op, positiveId, type Exact, type OperationsOf } from './common';
import type { CreatorsChannel, CreatorsEventName } from './creators.channels';

/** `YYYY-MM-DD`, a real calendar day (the rule of calendarDay.ts). */
const calendarDay = z.string().regex(CALENDAR_DAY_FORMAT, 'Write the date as YYYY-MM-DD.').refine(isCalendarDay, 'That is not a calendar date.');

export const creatorsOperations = {
  /** Fetches creators (cursor paging, free) with the API's filters, progress as `creators:changed`. */
  'creators:sync': op<CreatorsSyncResult>()(
    z
      .object({
        unlockedFrom: calendarDay.optional(),
        unlockedTo: calendarDay.optional(),
        creatorIds: z.array(positiveId('A creator id is a whole number from 1.')).max(MAX_CREATOR_IDS, `At most ${MAX_CREATOR_IDS} creator ids at a time.`).optional(),
        creatorAccounts: z
          .array(z.object({ network, account: z.string().trim().min(1, 'Name the account.').max(200, 'That account name is too long.') }).strict())
          .max(MAX_CREATOR_ACCOUNTS, `At most ${MAX_CREATOR_ACCOUNTS} accounts at a time.`)
          .optional(),
      })
      .strict()
      .superRefine((value, ctx) => {
        if (value.unlockedFrom && value.unlockedTo && value.unlockedFrom > value.unlockedTo) {
          ctx.addIssue({ code: 'custom', path: ['unlockedTo'], message: 'The end date comes after the start date.' });
        }
      }),
  ),
  /** Cached creators, optionally matching a text (name, contact, account). */
  'creators:list': op<CreatorView[]>()(z.object({ text: z.string().max(200).optional() }).strict()),
} satisfies OperationsOf<CreatorsChannel>;

export interface CreatorsEvents {
  'creators:changed': CreatorsProgress;
}

const eventsMatchNames: Exact<keyof CreatorsEvents, CreatorsEventName> = true;
void eventsMatchNames;
