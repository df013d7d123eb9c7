// Campaigns: a client's campaign, its creators and what each agreed, and its plan from the cache.
// The names of its operations (it has no events), as plain data with no imports: the sandboxed
// preload bundles them (see ../channels.ts).

export const campaignsChannels = [
  'campaigns:list',
  'campaigns:get',
  'campaigns:save',
  'campaigns:delete',
  'campaigns:start',
  'campaigns:candidates',
] as const;

export type CampaignsChannel = (typeof campaignsChannels)[number];
