// Reports: reports, their companion answers (media, history, mentions) and cached pictures. The
// names of its operations and events, as plain data with no imports: the sandboxed preload bundles
// them (see ../channels.ts).

export const reportsChannels = [
  'reports:open',
  'reports:quote',
  'reports:fetch',
  'reports:cancel',
  'reports:fetchMany',
  'reports:cancelMany',
  'reports:progress',
  'reports:attempt',
  'reports:library',
  'reports:snapshots',
  'reports:snapshot',
  'media:get',
  'history:get',
  'mentions:get',
  'images:get',
  'reports:quoteMany',
] as const;

export type ReportsChannel = (typeof reportsChannels)[number];

export const reportsEvents = ['reports:changed'] as const;

export type ReportsEventName = (typeof reportsEvents)[number];
