// zod schemas of the API's answers. They accept the real shapes (api-notes.md), keep unknown
// fields, and accept null where the spec allows it.
import { z } from 'zod';
import type { PlanInfo } from '@shared/contract';

const count = z.number().nullable().optional();

export const planInfoResponse = z.looseObject({
  result: z.looseObject({
    reports: z
      .looseObject({
        plan: z.string().nullable().optional(),
        credits: count,
        reports: count,
        advanced_reports: count,
        // The API's description calls it advancedReports; accept both spellings.
        advancedReports: count,
      })
      .nullable()
      .optional(),
    discovery: z
      .looseObject({
        plan: z.string().nullable().optional(),
        requests: count,
      })
      .nullable()
      .optional(),
  }),
});

export function toPlanInfo(body: z.output<typeof planInfoResponse>): PlanInfo {
  const r = body.result.reports ?? {};
  const d = body.result.discovery ?? {};
  return {
    reports: {
      plan: r.plan ?? null,
      credits: r.credits ?? null,
      reports: r.reports ?? null,
      advancedReports: r.advanced_reports ?? r.advancedReports ?? null,
    },
    discovery: { plan: d.plan ?? null, requests: d.requests ?? null },
  };
}
