// The lists' paid operation: a page of a saved list, whose cost the reference leaves open.
import { definePaidOperation } from '../../kernel/paidOperation';
import { defineJob } from '../../kernel/jobs';

export const listPageOperation = definePaidOperation({ name: 'list', what: 'page of a saved list', balance: 'credits', cost: 'observed' });

/** A list's sync, one per list. */
export const listSyncJob = defineJob('list', (listId: number) => String(listId));
