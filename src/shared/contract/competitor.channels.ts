// Competitor: competitor analyses and their posts. The names of its operations and events, as plain
// data with no imports: the sandboxed preload bundles them (see ../channels.ts).

export const competitorChannels = [
  'competitor:list',
  'competitor:get',
  'competitor:lost',
  'competitor:quote',
  'competitor:create',
  'competitor:check',
  'competitor:fetchPosts',
  'competitor:cancelPosts',
  'competitor:posts',
] as const;

export type CompetitorChannel = (typeof competitorChannels)[number];

export const competitorEvents = ['competitor:changed'] as const;

export type CompetitorEventName = (typeof competitorEvents)[number];
