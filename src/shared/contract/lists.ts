// Lists: the API's lists, synced whole into the cache (free) and named in Scout.
import { z } from 'zod';
import { listNameSchema } from '@shared/lists';
import type { ListItemView, ListsProgress, ListSummary } from '@shared/discoveryData';
import type { TeamQuoteNote } from '@shared/reports';
import { noInput, op, positiveId, teamUnreachableConfirmed, type Exact, type OperationsOf } from './common';
import type { ListsChannel, ListsEventName } from './lists.channels';

export const listsOperations = {
  /** Lists fetched before, from the cache. */
  'lists:known': op<ListSummary[]>()(noInput),
  /**
   * What syncing a list needs to say before it is sent (free): in a Team workspace, what the team
   * database says of it (it cannot be reached, for a list first synced here, which is claimed; not
   * connected); empty elsewhere.
   */
  'lists:quote': op<TeamQuoteNote>()(z.object({ listId: positiveId('A list id is a whole number from 1.') }).strict()),
  /** Fetches every item of a list (limit 100 by offset; free), progress as `lists:changed`. */
  'lists:sync': op<ListSummary>()(z.object({ listId: positiveId('A list id is a whole number from 1.'), ...teamUnreachableConfirmed }).strict()),
  'lists:items': op<ListItemView[]>()(z.object({ listId: positiveId('A list id is a whole number from 1.') }).strict()),
  /** Names a synced list in this workspace (Scout's own name: the API gives lists none); an empty name clears it. */
  'lists:rename': op<ListSummary>()(z.object({ listId: positiveId('A list id is a whole number from 1.'), name: listNameSchema }).strict()),
} satisfies OperationsOf<ListsChannel>;

export interface ListsEvents {
  'lists:changed': ListsProgress;
}

const eventsMatchNames: Exact<keyof ListsEvents, ListsEventName> = true;
void eventsMatchNames;
