// Lists: the API's lists, synced into the cache. The names of its operations and events, as plain
// data with no imports: the sandboxed preload bundles them (see ../channels.ts).

export const listsChannels = [
  'lists:known',
  'lists:quote',
  'lists:sync',
  'lists:items',
  'lists:rename',
] as const;

export type ListsChannel = (typeof listsChannels)[number];

export const listsEvents = ['lists:changed'] as const;

export type ListsEventName = (typeof listsEvents)[number];
