// The names of every operation and pushed event, as plain data: each domain's lists, gathered
// from contract/<domain>.channels.ts, which import nothing. The preload script runs sandboxed and
// can only load what is bundled into it; keeping zod out of these files keeps the preload tiny.
// The contract (contract/index.ts) checks at compile time that it declares exactly these, each
// domain's fragment exactly its own list.
import { appChannels, appEvents } from './contract/app.channels';
import { reportsChannels, reportsEvents } from './contract/reports.channels';
import { ledgerChannels } from './contract/ledger.channels';
import { notesChannels, notesEvents } from './contract/notes.channels';
import { compareChannels } from './contract/compare.channels';
import { campaignsChannels } from './contract/campaigns.channels';
import { exportsChannels, exportsEvents } from './contract/exports.channels';
import { trackingChannels, trackingEvents } from './contract/tracking.channels';
import { competitorChannels, competitorEvents } from './contract/competitor.channels';
import { discoveryChannels, discoveryEvents } from './contract/discovery.channels';
import { listsChannels, listsEvents } from './contract/lists.channels';
import { creatorsChannels, creatorsEvents } from './contract/creators.channels';
import { archiveChannels, archiveEvents } from './contract/archive.channels';
import { agencyChannels } from './contract/agency.channels';
import { teamChannels, teamEvents } from './contract/team.channels';

export const channels = [
  ...appChannels,
  ...reportsChannels,
  ...ledgerChannels,
  ...notesChannels,
  ...compareChannels,
  ...campaignsChannels,
  ...exportsChannels,
  ...trackingChannels,
  ...competitorChannels,
  ...discoveryChannels,
  ...listsChannels,
  ...creatorsChannels,
  ...archiveChannels,
  ...agencyChannels,
  ...teamChannels,
] as const;

export type Channel = (typeof channels)[number];

export const eventNames = [
  ...appEvents,
  ...reportsEvents,
  ...notesEvents,
  ...exportsEvents,
  ...trackingEvents,
  ...competitorEvents,
  ...discoveryEvents,
  ...listsEvents,
  ...creatorsEvents,
  ...archiveEvents,
  ...teamEvents,
] as const;

export type EventName = (typeof eventNames)[number];

export function isChannel(value: unknown): value is Channel {
  return typeof value === 'string' && (channels as readonly string[]).includes(value);
}

export function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && (eventNames as readonly string[]).includes(value);
}

/** The IPC channel on which main pushes every event to the renderer. */
export const EVENT_CHANNEL = 'scout:event';
