// Notes: account notes, tags and statuses, and the status steps (workflow). The names of its
// operations and events, as plain data with no imports: the sandboxed preload bundles them (see
// ../channels.ts).

export const notesChannels = [
  'notes:get',
  'notes:set',
  'notes:tags',
  'notes:all',
  'workflow:steps',
  'workflow:setSteps',
] as const;

export type NotesChannel = (typeof notesChannels)[number];

export const notesEvents = ['workflow:changed'] as const;

export type NotesEventName = (typeof notesEvents)[number];
