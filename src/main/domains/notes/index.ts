// Notes and workflow: the researcher's note, tags and research status on each account (the
// team's, in a Team workspace), and the agency's status steps.
import { AccountNotesService } from './accountNotesService';
import { AccountNotesRepository } from './accountNotesRepository';
import type { NotesChannel } from '@shared/contract/notes.channels';
import { defineDomain } from '../context';

declare module '../context' {
  interface ServiceMap {
    notes: AccountNotesService;
  }
}

export const notesDomain = defineDomain<NotesChannel>({
  name: 'notes',
  register: (ctx) => ({
    services: {
      notes: new AccountNotesService(
        new AccountNotesRepository(ctx.db),
        Date.now,
        ctx.onEdit,
        (view) => ctx.events.emit('workflow:changed', { workspace: ctx.id, ...view }),
        ctx.teamVersion,
      ),
    },
  }),
  handlers: (h) => ({
    'notes:get': async ({ account }) => h.active().notes.get(account),
    'notes:set': async ({ account, note, tags, status, seen }) => h.active().notes.set(account, { note, tags, status, ...(seen ? { seen } : {}) }),
    'notes:tags': async () => h.active().notes.tags(),
    'notes:all': async () => h.active().notes.all(),
    'workflow:steps': async () => h.active().notes.steps(),
    'workflow:setSteps': async ({ steps, seen }) => h.active().notes.setSteps(steps, seen),
  }),
});
