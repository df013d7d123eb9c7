// Notes: an account's note, tags and research status (notes:*), and the status steps themselves
// (workflow:*).
import { z } from 'zod';
import type { WorkspaceId } from '@shared/workspaces';
import { cleanTag, MAX_ACCOUNT_NOTE, MAX_TAG_CHARS, MAX_TAGS, type AccountNotesView } from '@shared/accountNotes';
import type { StatusStepsView } from '@shared/workflow';
import { statusStepId, statusStepsSchema } from '@shared/workflowSchema';
import { account, network, noInput, op, seenOnly, seenVersion, withAccountRef, type Exact, type OperationsOf } from './common';
import type { NotesChannel, NotesEventName } from './notes.channels';

export const notesOperations = {
  /** An account's note and tags (an empty note and no tags when it has neither). */
  'notes:get': op<AccountNotesView>()(withAccountRef(z.object({ network, account }).strict())),
  /**
   * Replaces an account's note and tags; in a Team workspace they are shared with the team. Tags
   * are kept as cleanTag says (trimmed, without #), one per spelling that differs only in case.
   */
  'notes:set': op<AccountNotesView>()(
    withAccountRef(
      z
        .object({
          network,
          account,
          note: z.string().max(MAX_ACCOUNT_NOTE, `A note is at most ${MAX_ACCOUNT_NOTE} characters.`),
          tags: z
            .array(z.string().refine((t) => cleanTag(t) !== null, `A tag is 1 to ${MAX_TAG_CHARS} characters.`))
            .max(MAX_TAGS, `An account has at most ${MAX_TAGS} tags.`),
          /** A status step's id, null for none; absent: the status stays as it is. */
          status: statusStepId.nullable().optional(),
          /**
           * What the editor showed when the researcher began this edit (its `team.version`, 0
           * without one, and the note, tags and status it showed): only what differs from it is
           * applied to the notes as they are now, and a Team workspace shares the edit as made on
           * that version (a teammate's change since is one this researcher had not seen). Absent:
           * note and tags replaced as given, on the latest version this laptop has.
           */
          seen: z
            .object({
              version: seenVersion,
              note: z.string().max(MAX_ACCOUNT_NOTE),
              tags: z.array(z.string().max(MAX_TAG_CHARS * 4)).max(MAX_TAGS),
              status: statusStepId.nullable(),
            })
            .strict()
            .optional(),
        })
        .strict(),
    ),
  ),
  /** Every tag in use in this workspace, alphabetical. */
  'notes:tags': op<string[]>()(noInput),
  /** Every account's note, tags and status in this workspace (an account with none is not listed), for the tables' filters. */
  'notes:all': op<AccountNotesView[]>()(noInput),
  /** The workspace's status steps in order, each with how many accounts are at it. */
  'workflow:steps': op<StatusStepsView>()(noInput),
  /**
   * Renames, reorders, adds and removes the status steps at once (the whole list, in order); a
   * removed step's accounts lose their status (`cleared` says how many).
   */
  'workflow:setSteps': op<StatusStepsView & { cleared: number }>()(z.object({ steps: statusStepsSchema, seen: seenOnly }).strict()),
} satisfies OperationsOf<NotesChannel>;

export interface NotesEvents {
  /** The status steps were renamed, reordered, added or removed: all of them, as now. */
  'workflow:changed': StatusStepsView & { workspace: WorkspaceId };
}

const eventsMatchNames: Exact<keyof NotesEvents, NotesEventName> = true;
void eventsMatchNames;
