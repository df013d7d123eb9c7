// The competitor analysis's paid operation: starting one (its cost the reference leaves open).
import { definePaidOperation } from '../../kernel/paidOperation';
import { defineJob } from '../../kernel/jobs';

export const competitorOperation = definePaidOperation({ name: 'competitor', what: 'competitor analysis', balance: 'credits', cost: 'observed' });

/** Fetching the posts of one competitor analysis. */
export const competitorPostsJob = defineJob('competitorPosts', (reportId: string) => reportId);
