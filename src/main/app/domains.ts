// The composition root's list: every domain of main, in the order their services are built (a
// domain's `register` may use the services of those before it; later ones only lazily).
import type { DomainModule } from '../domains/context';
import { agencyDomain } from '../domains/agency';
import { notesDomain } from '../domains/notes';
import { reportsDomain } from '../domains/reports';
import { compareDomain } from '../domains/compare';
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
  competitorDomain,
  discoveryDomain,
  listsDomain,
  creatorsDomain,
  quotesDomain,
  exportsDomain,
  trackingDomain,
  archiveDomain,
] as const satisfies readonly DomainModule<never>[];
