// What the exports domain runs: an export of many accounts' files (free: from the cache).
import { defineJob } from '../../kernel/jobs';

/** One export, by its run id. */
export const exportJob = defineJob('export', (runId: string) => runId);
