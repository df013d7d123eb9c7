import type { SimRoute } from '../context';
import { ok } from '../context';

// Section 2.13 of the spec: report credits and discovery requests left.
export const planInfoRoute: SimRoute = {
  methods: ['GET', 'POST'],
  handle({ sim }) {
    if (sim.state.quirks.planInfo === 'down') return { status: 503, body: '<html><body>503 Service Unavailable</body></html>', contentType: 'text/html' };
    const b = sim.state.balances;
    return ok({
      reports: { plan: 'Pro', credits: b.credits, reports: b.miniReports, advanced_reports: b.advancedReports },
      discovery: { plan: 'Pro', requests: b.discoveryRequests },
    });
  },
};
