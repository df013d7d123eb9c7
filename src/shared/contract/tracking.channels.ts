// Tracking: watchlists and their alerts. The names of its operations and events, as plain data with
// no imports: the sandboxed preload bundles them (see ../channels.ts).

export const trackingChannels = [
  'watchlists:list',
  'watchlists:get',
  'watchlists:create',
  'watchlists:update',
  'watchlists:delete',
  'watchlists:addAccounts',
  'watchlists:removeAccount',
  'watchlists:run',
  'watchlists:cancel',
  'watchlists:rules',
  'watchlists:setRules',
  'watchlists:renewalPlan',
  'alerts:list',
  'alerts:count',
  'alerts:markRead',
  'alerts:mute',
] as const;

export type TrackingChannel = (typeof trackingChannels)[number];

export const trackingEvents = ['watchlists:changed', 'alerts:changed'] as const;

export type TrackingEventName = (typeof trackingEvents)[number];
