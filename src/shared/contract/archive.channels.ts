// Archive: PDF reports: exported from the API or made by Scout (client reports), and the archive.
// The names of its operations and events, as plain data with no imports: the sandboxed preload
// bundles them (see ../channels.ts).

export const archiveChannels = [
  'archive:quote',
  'archive:export',
  'archive:exportAgain',
  'archive:cancel',
  'archive:list',
  'archive:open',
  'archive:reveal',
  'archive:delete',
  'archive:clientReport',
] as const;

export type ArchiveChannel = (typeof archiveChannels)[number];

export const archiveEvents = ['archive:changed'] as const;

export type ArchiveEventName = (typeof archiveEvents)[number];
