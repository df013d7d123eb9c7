// Exports: files written from the cache. The names of its operations and events, as plain data with
// no imports: the sandboxed preload bundles them (see ../channels.ts).

export const exportsChannels = [
  'exports:save',
  'exports:cancel',
] as const;

export type ExportsChannel = (typeof exportsChannels)[number];

export const exportsEvents = ['exports:changed'] as const;

export type ExportsEventName = (typeof exportsEvents)[number];
