// Discovery's paid operation: a page of a search, a discovery call each (spec 4.11).
import { definePaidOperation } from '../../kernel/paidOperation';
import { defineJob } from '../../kernel/jobs';

export const discoveryOperation = definePaidOperation({ name: 'discovery', what: 'page of a discovery search', balance: 'discoveryRequests', cost: 'quoted' });

/** A discovery run (its pages), by run id. */
export const discoveryRunJob = defineJob('discovery', (runId: string) => runId);
