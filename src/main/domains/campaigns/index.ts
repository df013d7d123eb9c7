// Campaigns: a client's campaign, its creators and what each agreed, and its plan forecast from
// the cache (frozen when it starts). Shared work in a Team workspace (sharedDocs.ts).
import { buildReportModel } from '@shared/reportModel';
import type { CachedReport } from '@shared/reports';
import type { CampaignsChannel } from '@shared/contract/campaigns.channels';
import { CampaignsRepository } from './campaignsRepository';
import { CampaignsService } from './campaignsService';
import { defineDomain } from '../context';

declare module '../context' {
  interface ServiceMap {
    campaigns: CampaignsService;
  }
}

export const campaignsDomain = defineDomain<CampaignsChannel>({
  name: 'campaigns',
  register: (ctx) => {
    const reports = ctx.use('reports');
    const companions = ctx.use('companions');
    const reportOf = (network: CachedReport['network'], accountKey: string) => {
      // The cache only: the reports service's open reads the SQLite file, never the API; so does
      // the companions' cached media (an Instagram report has no views: its media's stand in).
      const report = reports.open({ network, key: accountKey, apiName: accountKey, byUserId: false });
      if (!report) return null;
      const media = network === 'instagram' ? companions.cachedInstagramMedia(accountKey) : null;
      return {
        model: buildReportModel(report as unknown as CachedReport),
        fetchedAt: report.fetchedAt,
        ...(network === 'instagram' ? { instagramMedia: media && { lists: media.view.lists, fetchedAt: media.fetchedAt } } : {}),
      };
    };
    return { services: { campaigns: new CampaignsService(new CampaignsRepository(ctx.db), reportOf, Date.now, ctx.onEdit, ctx.teamVersion) } };
  },
  handlers: (h) => ({
    'campaigns:list': async () => h.active().campaigns.list(),
    'campaigns:get': async ({ id }) => h.active().campaigns.get(id),
    'campaigns:save': async (request) => h.active().campaigns.save(request),
    'campaigns:delete': async ({ id }) => ({ deleted: h.active().campaigns.delete(id) }),
    'campaigns:start': async ({ id, seen }) => h.active().campaigns.start(id, seen),
    'campaigns:candidates': async () => h.active().campaigns.candidates(),
  }),
});
