// App: the app, its workspaces, credentials, plan, connection and links opened outside. The names
// of its operations and events, as plain data with no imports: the sandboxed preload bundles them
// (see ../channels.ts).

export const appChannels = [
  'app:info',
  'app:dismissNotice',
  'workspace:get',
  'workspace:switch',
  'workspace:setBaseUrl',
  'workspace:backups',
  'workspace:restoreBackup',
  'credentials:get',
  'credentials:set',
  'credentials:delete',
  'credentials:test',
  'plan:get',
  'plan:refresh',
  'connection:get',
  'connection:setOffline',
  'shell:openExternal',
] as const;

export type AppChannel = (typeof appChannels)[number];

export const appEvents = ['workspace:changed', 'plan:changed', 'connection:changed', 'app:changed'] as const;

export type AppEventName = (typeof appEvents)[number];
