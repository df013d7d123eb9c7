// Discovery: discovery queries, their runs and results, and the shortlist. The names of its
// operations and events, as plain data with no imports: the sandboxed preload bundles them (see
// ../channels.ts).

export const discoveryChannels = [
  'discovery:games',
  'discovery:queries',
  'discovery:saveQuery',
  'discovery:duplicateQuery',
  'discovery:renameQuery',
  'discovery:deleteQuery',
  'discovery:quote',
  'discovery:run',
  'discovery:cancel',
  'discovery:results',
  'shortlist:list',
  'shortlist:add',
  'shortlist:remove',
] as const;

export type DiscoveryChannel = (typeof discoveryChannels)[number];

export const discoveryEvents = ['discovery:changed'] as const;

export type DiscoveryEventName = (typeof discoveryEvents)[number];
