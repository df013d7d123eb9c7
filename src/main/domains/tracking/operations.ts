// What the tracking domain runs: a watchlist's refresh (its paid calls are the reports domain's).
import { defineJob } from '../../kernel/jobs';

/** One watchlist's run, by the watchlist's id. */
export const watchlistRunJob = defineJob('watchlist', (id: number) => String(id));
