// The names of every operation and pushed event, as plain data with no imports. The preload
// script runs sandboxed and can only load what is bundled into it; keeping zod out of this file
// keeps the preload tiny. `contract.ts` checks at compile time that it declares exactly these.

export const channels = [
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
  'ledger:spending',
  'team:spending',
  'notes:get',
  'notes:set',
  'notes:tags',
  'compare:list',
  'compare:get',
  'compare:save',
  'compare:delete',
  'compare:latest',
  'compare:printPdf',
  'exports:save',
  'exports:cancel',
  'archive:quote',
  'archive:export',
  'archive:exportAgain',
  'archive:cancel',
  'archive:list',
  'archive:open',
  'archive:reveal',
  'archive:delete',
  'archive:clientReport',
  'agency:get',
  'agency:set',
  'agency:setLogo',
  'agency:removeLogo',
  'competitor:list',
  'competitor:get',
  'competitor:lost',
  'competitor:create',
  'competitor:check',
  'competitor:fetchPosts',
  'competitor:cancelPosts',
  'competitor:posts',
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
  'lists:known',
  'lists:sync',
  'lists:items',
  'lists:rename',
  'creators:sync',
  'creators:list',
  'reports:quoteMany',
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

export type Channel = (typeof channels)[number];

export const eventNames = ['workspace:changed', 'plan:changed', 'connection:changed', 'app:changed', 'reports:changed', 'archive:changed', 'competitor:changed', 'discovery:changed', 'lists:changed', 'creators:changed', 'team:changed', 'team:received', 'team:sync', 'team:noticesChanged', 'exports:changed'] as const;

export type EventName = (typeof eventNames)[number];

export function isChannel(value: unknown): value is Channel {
  return typeof value === 'string' && (channels as readonly string[]).includes(value);
}

export function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && (eventNames as readonly string[]).includes(value);
}

/** The IPC channel on which main pushes every event to the renderer. */
export const EVENT_CHANNEL = 'scout:event';
