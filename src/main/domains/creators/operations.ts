// What the creators domain runs: the sync of the agency's creators (free: nothing is bought).
import { defineJob } from '../../kernel/jobs';

/** The one creators sync of a workspace. */
export const creatorsSyncJob = defineJob('creators', () => 'all');
