// Discovery: saved queries run against the API's search (pages cost), their results kept, and
// the shortlist picked from them.
import { DiscoveryService, DiscoveryTeamCodec } from './discoveryService';
import { DiscoveryRepository } from './discoveryRepository';
import { DiscoveryWorkspaceRepository } from './discoveryWorkspaceRepository';
import { lastKnownDiscoveryCalls } from '../../kernel/planInfo';
import type { DiscoveryChannel } from '@shared/contract/discovery.channels';
import { defineDomain, teamConfirmed } from '../context';

declare module '../context' {
  interface ServiceMap {
    discovery: DiscoveryService;
  }
}


export const discoveryDomain = defineDomain<DiscoveryChannel>({
  name: 'discovery',
  register: (ctx) => {
    const discovery = new DiscoveryService({
      paid: ctx.paid,
      jobs: ctx.jobs,
      ledger: ctx.ledger,
      pages: new DiscoveryRepository(ctx.db),
      store: new DiscoveryWorkspaceRepository(ctx.db),
      connection: ctx.connection,
      onSaved: ctx.storePictures,
      lastKnownCalls: () => lastKnownDiscoveryCalls(ctx.meta),
      ...(ctx.share ? { share: ctx.share } : {}),
      ...(ctx.onEdit ? { onEdit: ctx.onEdit } : {}),
      ...(ctx.teamVersion ? { teamVersion: ctx.teamVersion } : {}),
    });
    return { services: { discovery }, codecs: [new DiscoveryTeamCodec(discovery)] };
  },
  handlers: (h) => ({
    // Free and not cached: the picker asks as the researcher types. Offline → OFFLINE, no token → NO_CREDENTIALS.
    'discovery:games': async ({ search }) => h.active().discovery.games(search),
    'discovery:queries': async () => h.active().discovery.queries(),
    'discovery:saveQuery': async (request) => h.active().discovery.saveQuery(request),
    'discovery:duplicateQuery': async ({ id }) => h.active().discovery.duplicateQuery(id),
    'discovery:renameQuery': async ({ id, name, seen }) => h.active().discovery.renameQuery(id, name, seen),
    'discovery:deleteQuery': async ({ id }) => ({ deleted: h.active().discovery.deleteQuery(id) }),
    // Team: production pages that cost say what the team database says of them, as a report's quote does.
    'discovery:quote': async (request) => {
      const ws = h.active();
      const quote = await ws.discovery.quote(request);
      return quote.sandbox || quote.calls === 0 ? quote : { ...quote, ...(await ws.unlocks.teamNote('discoveryRequests')) };
    },
    'discovery:run': async ({ workspace, teamUnreachableConfirmed, ...request }) => {
      const { ws, confirmedHere } = h.spendingIn(workspace);
      return ws.discovery.run(request, confirmedHere, teamConfirmed(teamUnreachableConfirmed));
    },
    // A run belongs to the workspace it started in, which may no longer be the active one.
    'discovery:cancel': async ({ runId }) => ({ cancelled: h.openWorkspaces().some((ws) => ws.discovery.cancel(runId)) }),
    'discovery:results': async (request) => h.active().discovery.results(request),
    'shortlist:list': async () => h.active().discovery.shortlist(),
    'shortlist:add': async ({ items }) => h.active().discovery.addToShortlist(items),
    'shortlist:remove': async ({ ids }) => ({ removed: h.active().discovery.removeFromShortlist(ids) }),
  }),
});
