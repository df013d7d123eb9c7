// Competitor analysis: an analysis of a brand's competitors (bought, kept) and the posts it
// found, browsed from the cache.
import { CompetitorService, CompetitorTeamCodec } from './competitorService';
import { CompetitorRepository } from './competitorRepository';
import { CompetitorPostsRepository } from './competitorPostsRepository';
import type { CompetitorChannel } from '@shared/contract/competitor.channels';
import { defineDomain, teamConfirmed } from '../context';

declare module '../context' {
  interface ServiceMap {
    competitor: CompetitorService;
  }
}


export const competitorDomain = defineDomain<CompetitorChannel>({
  name: 'competitor',
  register: (ctx) => {
    const repo = new CompetitorRepository(ctx.db);
    const competitor = new CompetitorService({
      brand: () => ctx.use('agency').brand(),
      repo,
      posts: new CompetitorPostsRepository(ctx.db, repo),
      paid: ctx.paid,
      jobs: ctx.jobs,
      ledger: ctx.ledger,
      ...(ctx.share ? { share: ctx.share } : {}),
    });
    return { services: { competitor }, codecs: [new CompetitorTeamCodec(competitor)] };
  },
  handlers: (h) => ({
    'competitor:list': async () => h.active().competitor.list(),
    'competitor:get': async ({ id }) => h.active().competitor.get(id),
    'competitor:lost': async () => h.active().competitor.lost(),
    // Team: what the team database says of it, as for a report's quote (its cost is observed, from report credits).
    'competitor:quote': async () => h.active().unlocks.teamNote('credits'),
    'competitor:create': async ({ workspace, acceptMayCost: _accepted, teamUnreachableConfirmed, ...fields }) => {
      const { ws, confirmedHere } = h.spendingIn(workspace);
      return ws.competitor.create(fields, confirmedHere, teamConfirmed(teamUnreachableConfirmed));
    },
    'competitor:check': async ({ id }) => h.active().competitor.check(id),
    'competitor:fetchPosts': async ({ id }) => h.active().competitor.fetchPosts(id),
    'competitor:cancelPosts': async ({ id }) => ({ cancelled: h.active().competitor.cancelPosts(id) }),
    'competitor:posts': async ({ id, ...query }) => h.active().competitor.posts(id, query),
  }),
});
