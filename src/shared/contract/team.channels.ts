// Team: the Team workspace's database, sharing and notices. The names of its operations and events,
// as plain data with no imports: the sandboxed preload bundles them (see ../channels.ts).

export const teamChannels = [
  'team:get',
  'team:set',
  'team:test',
  'team:syncStatus',
  'team:join',
  'team:cancelJoin',
  'team:notices',
  'team:restoreNotice',
  'team:dismissNotice',
] as const;

export type TeamChannel = (typeof teamChannels)[number];

export const teamEvents = ['team:changed', 'team:received', 'team:sync', 'team:noticesChanged'] as const;

export type TeamEventName = (typeof teamEvents)[number];
