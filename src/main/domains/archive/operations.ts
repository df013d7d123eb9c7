// The archive's paid operation: a report's PDF, which unlocks the report (may spend a credit).
import { definePaidOperation } from '../../kernel/paidOperation';
import { defineJob } from '../../kernel/jobs';
import type { Network } from '@shared/reports';

export const pdfOperation = definePaidOperation({ name: 'pdf', what: 'PDF of a report', balance: 'credits', cost: 'quoted' });

/** A report's PDF export, one per account. */
export const pdfJob = defineJob('pdf', (ref: { network: Network; key: string }) => `${ref.network}:${ref.key}`);
