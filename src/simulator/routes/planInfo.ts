import type { SimRoute } from '../server';

// Section 2.13 of the spec: report credits and discovery requests left.
export const planInfoRoute: SimRoute = {
  methods: ['GET', 'POST'],
  handle({ state }) {
    const b = state.balances;
    return {
      status: 200,
      body: {
        result: {
          reports: {
            plan: 'Pro',
            credits: b.credits,
            reports: b.miniReports,
            advanced_reports: b.advancedReports,
          },
          discovery: { plan: 'Pro', requests: b.discoveryRequests },
        },
      },
    };
  },
};
