// Creators: the API's creators, synced into the cache. The names of its operations and events, as
// plain data with no imports: the sandboxed preload bundles them (see ../channels.ts).

export const creatorsChannels = [
  'creators:sync',
  'creators:list',
] as const;

export type CreatorsChannel = (typeof creatorsChannels)[number];

export const creatorsEvents = ['creators:changed'] as const;

export type CreatorsEventName = (typeof creatorsEvents)[number];
