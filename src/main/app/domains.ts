// The composition root's list: every domain of main, in the order their services are built (a
// domain's `register` may use the services of those before it; later ones only lazily).
import { paidOperationsOf, type DomainModule } from '../domains/context';
import { agencyDomain } from '../domains/agency';
import { notesDomain } from '../domains/notes';
import { reportsDomain } from '../domains/reports';
import { compareDomain } from '../domains/compare';
import { campaignsDomain } from '../domains/campaigns';
import { competitorDomain } from '../domains/competitor';
import { discoveryDomain } from '../domains/discovery';
import { listsDomain } from '../domains/lists';
import { creatorsDomain } from '../domains/creators';
import { quotesDomain } from '../domains/quotes';
import { exportsDomain } from '../domains/exports';
import { trackingDomain } from '../domains/tracking';
import { archiveDomain } from '../domains/archive';

export const domains = [
  agencyDomain,
  notesDomain,
  reportsDomain,
  compareDomain,
  campaignsDomain,
  competitorDomain,
  discoveryDomain,
  listsDomain,
  creatorsDomain,
  quotesDomain,
  exportsDomain,
  trackingDomain,
  archiveDomain,
] as const satisfies readonly DomainModule<never>[];

/** Every domain's paid operations (their operations.ts files), as a workspace's kernel reads them. */
export const paidOperations = paidOperationsOf(domains);
