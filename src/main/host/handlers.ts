// The handler map both hosts bind. Its type is derived from the contract: a channel without a
// handler, or a handler with the wrong request or response type, fails `tsc`. Handlers stay
// thin: the dispatcher validates input, the handler calls one service.
import { channels, isChannel, type Channel } from '@shared/channels';
import { operations } from '@shared/contract';
import { ScoutError, type Result, type ScoutErrorData } from '@shared/errors';
import { checkExternalUrl } from './externalLinks';
import type { MainServices } from '../app/mainServices';
import { domains } from '../app/domains';
import type { DomainModule, HandlerContext, Handlers, HostCapabilities } from '../domains/context';
import type { Logger } from '../platform/log';
import { errorData } from '../platform/errorWording';
import { jobKeys } from '../kernel/jobs';
import { clipText } from '../platform/api/schemas/textBounds';

export type { Handlers, HostCapabilities } from '../domains/context';

/** The channels the host's core answers; every other one is a domain's (app/domains.ts). */
// `core` must answer exactly the channels no domain answers: one missing, or one a domain answers
// too, fails `tsc` (and createHandlers checks again at run time).
type ChannelsOf<D> = D extends DomainModule<infer C> ? C : never;
type CoreChannel = Exclude<Channel, ChannelsOf<(typeof domains)[number]>>;

export function createHandlers(s: MainServices, host: HostCapabilities = {}): Handlers {
  const context: HandlerContext = {
    active: () => s.active(),
    workspace: (id) => s.workspaces.get(id),
    openWorkspaces: () => s.workspaces.openWorkspaces(),
    spendingIn: (confirmedIn) => ({ ws: s.spendingIn(confirmedIn), confirmedHere: confirmedIn !== undefined }),
    events: s.events,
    host,
    downloadDestination: () => s.downloadDestination(),
  };
  const core: { [C in CoreChannel]: Handlers[C] } = {
    'app:info': async () => s.appInfo(),
    'app:dismissNotice': async ({ id }) => s.dismissNotice(id),
    'workspace:get': () => s.workspaceState(),
    'workspace:switch': ({ workspace }) => s.switchWorkspace(workspace),
    'workspace:setBaseUrl': async ({ workspace, baseUrl }) => {
      await s.workspaces.get(workspace).setBaseUrl(baseUrl);
      const state = await s.workspaceState();
      s.events.emit('workspace:changed', state);
      return state;
    },
    'workspace:backups': async ({ workspace }) => s.workspaces.backups(workspace),
    'workspace:restoreBackup': async ({ workspace, backupId }) => {
      await s.workspaces.restoreBackup(workspace, backupId);
      const state = await s.workspaceState();
      s.events.emit('workspace:changed', state);
      return state;
    },
    'credentials:get': ({ workspace }) => s.workspaces.get(workspace).credentialStatus(),
    'credentials:set': async ({ workspace, accountId, apiToken }) => {
      const ws = s.workspaces.get(workspace);
      await ws.saveCredentials(accountId, apiToken);
      s.events.emit('workspace:changed', await s.workspaceState());
      return ws.credentialStatus();
    },
    'credentials:delete': async ({ workspace }) => {
      const ws = s.workspaces.get(workspace);
      await s.credentialStore.delete(workspace);
      s.events.emit('workspace:changed', await s.workspaceState());
      return ws.credentialStatus();
    },
    'credentials:test': ({ workspace }) => s.plans.refresh(s.workspaces.get(workspace), s.isActive),
    'plan:get': async () => s.plans.cached(s.active()),
    'plan:refresh': () => s.plans.refresh(s.active(), s.isActive),
    'connection:get': async () => s.active().connection.get(),
    'connection:setOffline': async ({ offline }) => s.active().setManualOffline(offline),
    'ledger:spending': async ({ account, ...range }) => s.active().ledger.spending({ ...range, ...(account !== undefined ? { accountKey: account.key } : {}) }),
    'team:spending': async ({ months }) => {
      // A Team workspace has a team ledger; Demo and Production have none (nothing to show).
      const teamLedger = s.active().teamLedger;
      return teamLedger ? teamLedger.spending(months) : { team: false };
    },
    // The Team workspace's team database, whichever workspace is active (Settings names it).
    'team:get': () => s.teamConnection().view(),
    'team:set': async ({ password, ...settings }) => s.teamConnection().configure({ ...settings, ca: settings.ca ?? null }, password),
    'team:test': async () => {
      const team = s.teamConnection();
      await team.check();
      return team.view();
    },
    // The Team workspace's sharing, whichever workspace is active (Settings shows it).
    'team:syncStatus': async () => s.workspaces.get('team').teamSyncView(),
    'team:join': () => {
      const team = s.workspaces.get('team');
      if (!team.teamSession) throw new ScoutError({ code: 'INVALID_INPUT', message: 'Only the Team workspace receives a team’s cache.' });
      return team.teamSession.join(team.jobs);
    },
    // Stops "receive the team's cache" after the page under way.
    'team:cancelJoin': async () => ({ cancelled: s.workspaces.get('team').jobs.cancel('teamJoin', jobKeys.teamJoin()) }),
    // Edits overtaken by a teammate's, in the active workspace (a Team workspace's; none elsewhere).
    'team:notices': async () => s.active().teamSession?.notices() ?? [],
    'team:restoreNotice': async ({ id }) => {
      const session = s.active().teamSession;
      if (!session) throw new ScoutError({ code: 'INVALID_INPUT', message: 'That change is no longer waiting to be restored (it may have been restored or dismissed already).' });
      return session.restoreNotice(id);
    },
    'team:dismissNotice': async ({ id }) => s.active().teamSession?.dismissNotice(id) ?? [],
    'shell:openExternal': async ({ url }) => {
      const checked = checkExternalUrl(url);
      if (host.openExternal) {
        await host.openExternal(checked);
        return { openedByHost: true, url: checked };
      }
      return { openedByHost: false, url: checked };
    },

  };
  const handlers: Partial<Handlers> = { ...core };
  for (const domain of domains) {
    const own = domain.handlers?.(context) ?? {};
    for (const channel of Object.keys(own)) {
      if (channel in handlers) throw new Error(`Two handlers for ${channel}.`);
    }
    Object.assign(handlers, own);
  }
  const missing = channels.filter((channel) => !(channel in handlers));
  if (missing.length > 0) throw new Error(`No handler for ${missing.join(', ')}.`);
  return handlers as Handlers;
}

export type Dispatch = (channel: unknown, payload: unknown) => Promise<Result<unknown>>;

/**
 * The single entry from either transport: checks the channel, validates the payload with the
 * contract's schema, waits for the active workspace to be `ready`, runs the handler, and turns
 * every failure into a typed error. Nothing thrown inside main crosses the boundary raw.
 */
export function createDispatcher(handlers: Handlers, logger: Logger, ready?: () => Promise<void> | null): Dispatch {
  return async (channel, payload) => {
    // An error's text may quote an upstream's answer (which may echo our own request headers):
    // it passes the log's redaction before it leaves main.
    const fail = (error: ScoutErrorData): Result<never> => ({
      ok: false,
      error: {
        ...error,
        message: logger.redact(error.message),
        ...(error.detail !== undefined ? { detail: logger.redact(error.detail) } : {}),
        ...(error.fields !== undefined
          ? { fields: Object.fromEntries(Object.entries(error.fields).map(([field, text]) => [field, logger.redact(text)])) }
          : {}),
      },
    });
    if (!isChannel(channel)) {
      return fail({ code: 'UNKNOWN_OPERATION', message: `Scout has no operation called "${String(channel).slice(0, 80)}".` });
    }
    const parsed = operations[channel].request.safeParse(payload ?? {});
    if (!parsed.success) {
      const fields = fieldIssues(parsed.error.issues);
      return fail({ code: 'INVALID_INPUT', message: describeIssues(parsed.error.issues), ...(fields ? { fields } : {}) });
    }
    try {
      // A workspace whose schema is being brought up to date (in a worker) is waited for; the app's
      // own calls are not, so the window draws meanwhile.
      const waiting = channel.startsWith('app:') ? null : (ready?.() ?? null);
      if (waiting) await waiting;
      const handler = handlers[channel] as (request: unknown) => Promise<unknown>;
      return { ok: true, value: await handler(parsed.data) };
    } catch (error) {
      if (error instanceof ScoutError) {
        logger.info(`${channel} failed: ${error.code} ${error.message}`);
        return fail(error.toData());
      }
      logger.error(`${channel} failed unexpectedly`, error);
      return fail({ ...errorData(error), detail: error instanceof Error ? error.message : String(error) });
    }
  };
}

const MAX_LISTED_ISSUES = 10;
const MAX_ISSUE_CHARS = 200;
const MAX_KEYS_NAMED = 5;
export const MAX_INVALID_INPUT_CHARS = 1000;

interface Issue {
  code?: string;
  path: ReadonlyArray<PropertyKey>;
  message: string;
  keys?: readonly string[];
}

/**
 * A validation failure in a few lines, however bad the input: a request with 60,000 unknown
 * keys gets a short answer naming a few of them, not one as large as the request.
 */
export function describeIssues(issues: readonly Issue[]): string {
  const listed = issues.slice(0, MAX_LISTED_ISSUES).map((issue) => {
    const message =
      issue.code === 'unrecognized_keys' && issue.keys && issue.keys.length > MAX_KEYS_NAMED
        ? `Unrecognized keys: ${issue.keys.slice(0, MAX_KEYS_NAMED).map((k) => JSON.stringify(clipText(k, 40))).join(', ')} and ${issue.keys.length - MAX_KEYS_NAMED} more`
        : issue.message;
    const where = issue.path.map(String).join('.');
    return clipText(where ? `${clipText(where, 80)}: ${message}` : message, MAX_ISSUE_CHARS);
  });
  const more = issues.length - listed.length;
  const tail = more > 0 ? ` (${more} more problems not listed)` : '';
  return clipText(listed.join(' '), MAX_INVALID_INPUT_CHARS - tail.length) + tail;
}

/**
 * The same failure per field, for a form to show each message beside its field: the first
 * message for each top-level field, without the field's name (the form names it). As capped as
 * describeIssues: at most MAX_LISTED_ISSUES fields, each message clipped.
 */
export function fieldIssues(issues: readonly Issue[]): Record<string, string> | undefined {
  const fields: Record<string, string> = {};
  let count = 0;
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || field === '__proto__' || Object.hasOwn(fields, field)) continue;
    if (count++ >= MAX_LISTED_ISSUES) break;
    fields[clipText(field, 80)] = clipText(issue.message, MAX_ISSUE_CHARS);
  }
  return count > 0 ? fields : undefined;
}

