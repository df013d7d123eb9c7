// The handler map both hosts bind. Its type is derived from the contract: a channel without a
// handler, or a handler with the wrong request or response type, fails `tsc`. Handlers stay
// thin: the dispatcher validates input, the handler calls one service.
import type { WorkspaceId } from '@shared/workspaces';
import type { Channel } from '@shared/channels';
import { isChannel } from '@shared/channels';
import { operations, type ParsedRequestOf, type ResponseOf } from '@shared/contract';
import { PICTURES_ANSWER_BYTES, type PictureAnswer } from '@shared/pictures';
import { ScoutError, type Result, type ScoutErrorData } from '@shared/errors';
import { checkExternalUrl } from '../services/externalLinks';
import { archiveFileUrl } from '@shared/archive';
import type { MainServices } from '../services/mainServices';
import type { ExportDestination } from '../exports/exportService';
import type { Logger } from '../log';
import { errorData } from '../errorWording';
import { clipText } from '../api/schemas/textBounds';

export type Handlers = { [C in Channel]: (request: ParsedRequestOf<C>) => Promise<ResponseOf<C>> };

export interface HostCapabilities {
  /** Electron hands the link to the OS; browser mode lets the page open it. */
  openExternal?: (url: string) => Promise<void>;
  /** Electron asks where to save a file named `fileName` (the save dialog); null when the dialog is closed. */
  chooseSaveTarget?: (fileName: string) => Promise<string | null>;
  /** Electron prints the window to PDF and saves it where the researcher says (the save dialog); null when cancelled. */
  printToPdf?: (suggestedName: string) => Promise<string | null>;
  /** Electron opens a file in the system's viewer (shell.openPath); browser mode serves it instead. */
  openPath?: (file: string) => Promise<void>;
  /** Electron shows a file in its folder (shell.showItemInFolder); browser mode tells the page where it is. */
  showItemInFolder?: (file: string) => void;
}

/** The researcher's "buy anyway" (the team database cannot be reached), as the services take it. */
const teamConfirmed = (confirmed: true | undefined): { teamUnreachableConfirmed?: true } => (confirmed ? { teamUnreachableConfirmed: true } : {});

export function createHandlers(s: MainServices, host: HostCapabilities = {}): Handlers {
  /**
   * The workspace a spend was confirmed in, if it is still the active one (WORKSPACE_CHANGED
   * otherwise, nothing sent); `confirmedHere` asks the kernel to check again just before sending.
   */
  const spendingIn = (confirmedIn: WorkspaceId | undefined) => ({ ws: s.spendingIn(confirmedIn), confirmedHere: confirmedIn !== undefined });
  return {
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
    // Accounts arrive read (the contract's schema parses them into an AccountRef).
    'reports:open': async ({ account }) => s.active().reports.open(account),
    // Asks auditor.creators about an account Scout has no record of (unlockQuotes.ts).
    'reports:quote': async ({ account, tiktokType }) => s.active().unlocks.quote({ ...account, tiktokType }),
    'reports:fetch': async ({ confirmedCost, workspace, account, tiktokType, teamUnreachableConfirmed }) => {
      const { ws, confirmedHere } = spendingIn(workspace);
      return ws.reports.fetch({ ...account, tiktokType }, confirmedCost, { confirmedHere, ...teamConfirmed(teamUnreachableConfirmed) });
    },
    // Every item waits its turn for its paid request; one not yet sent when another workspace became active is skipped.
    'reports:fetchMany': async ({ workspace, runId, items }) =>
      spendingIn(workspace).ws.reports.fetchMany(
        runId,
        items.map(({ account, tiktokType, confirmedCost, teamUnreachableConfirmed }) => ({ ref: { ...account, tiktokType }, confirmedCost, ...teamConfirmed(teamUnreachableConfirmed) })),
      ),
    // A run belongs to the workspace it started in, which may no longer be the active one.
    'reports:cancelMany': async ({ runId }) => ({ cancelled: s.workspaces.openWorkspaces().some((ws) => ws.reports.cancelMany(runId)) }),
    'reports:cancel': async ({ account, workspace }) => ({ cancelled: (workspace ? s.workspaces.get(workspace) : s.active()).reports.cancel(account) }),
    'reports:progress': async ({ account }) => s.active().reports.progressOf(account),
    'reports:library': async (query) => s.active().reports.library(query),
    'reports:attempt': async ({ account }) => s.active().reports.attemptOf(account),
    'reports:snapshots': async ({ account }) => s.active().reportsRepo.snapshots(account.network, account.key),
    // With the account's cached metrics history: Compare finds every series the report page shows.
    'reports:snapshot': async ({ id }) => s.active().companions.snapshot(id),
    'media:get': ({ account, page, refresh, teamUnreachableConfirmed }) => s.active().companions.media(account, { page, refresh, ...teamConfirmed(teamUnreachableConfirmed) }),
    'history:get': ({ account, refresh, confirmedCost, workspace, teamUnreachableConfirmed }) => {
      const { ws, confirmedHere } = spendingIn(workspace);
      return ws.companions.history(account, { refresh, confirmedCost, confirmedHere, ...teamConfirmed(teamUnreachableConfirmed) });
    },
    'mentions:get': ({ account, refresh, teamUnreachableConfirmed }) => s.active().companions.mentions(account, { refresh, ...teamConfirmed(teamUnreachableConfirmed) }),
    'images:get': async ({ urls }) => {
      const images = s.active().images;
      // The first picture always goes, so asking again for the `later` ones always moves on.
      let room = PICTURES_ANSWER_BYTES;
      return urls.map((url): PictureAnswer => {
        if (room <= 0) return { later: true };
        const image = images.get(url);
        if (!image) return null;
        room -= image.bytes.length;
        return { dataUrl: `data:${image.contentType};base64,${Buffer.from(image.bytes).toString('base64')}` };
      });
    },
    'ledger:spending': async ({ account, ...range }) => s.active().ledger.spending({ ...range, ...(account !== undefined ? { accountKey: account.key } : {}) }),
    'team:spending': async ({ months }) => {
      // A Team workspace has a team ledger; Demo and Production have none (nothing to show).
      const teamLedger = s.active().teamLedger;
      return teamLedger ? teamLedger.spending(months) : { team: false };
    },
    'notes:get': async ({ account }) => s.active().notes.get(account),
    'notes:set': async ({ account, note, tags, status, seen }) => s.active().notes.set(account, { note, tags, status, ...(seen ? { seen } : {}) }),
    'notes:tags': async () => s.active().notes.tags(),
    'notes:all': async () => s.active().notes.all(),
    'workflow:steps': async () => s.active().notes.steps(),
    'workflow:setSteps': async ({ steps, seen }) => s.active().notes.setSteps(steps, seen),
    'watchlists:list': async () => s.active().tracking.list(),
    'watchlists:get': async ({ id }) => s.active().tracking.get(id),
    'watchlists:create': async ({ name, schedule, renewCap, accounts }) =>
      s.active().tracking.create({ name, schedule, renewCap: renewCap ?? 0, accounts: accounts?.map((a) => a.account) ?? [] }),
    'watchlists:update': async ({ id, seen, ...change }) => s.active().tracking.update(id, change, seen),
    'watchlists:delete': async ({ id }) => ({ deleted: s.active().tracking.remove(id) }),
    'watchlists:addAccounts': async ({ id, accounts }) => ({ added: s.active().tracking.addAccounts(id, accounts.map((a) => a.account)) }),
    'watchlists:removeAccount': async ({ id, item }) => ({ removed: s.active().tracking.removeAccount(id, item.account) }),
    'watchlists:run': async ({ id }) => s.active().tracking.run(id),
    'watchlists:cancel': async ({ id }) => ({ cancelled: s.active().tracking.cancel(id) }),
    'watchlists:rules': async ({ id }) => s.active().alerts.rules(id),
    'watchlists:setRules': async ({ id, rules, seen }) => s.active().alerts.setRules(id, rules, seen),
    'watchlists:renewalPlan': async ({ days }) => s.active().tracking.renewalPlan(days),
    'alerts:list': async (options) => s.active().alerts.list(options),
    'alerts:count': async () => ({ unread: s.active().alerts.unreadCount() }),
    'alerts:markRead': async ({ ids }) => ({ unread: s.active().alerts.markRead(ids ?? null) }),
    'alerts:mute': async ({ id }) => (s.active().alerts.mute(id), { muted: true }),
    'compare:list': async () => s.active().compare.list(),
    'compare:get': async ({ id }) => s.active().compare.get(id),
    'compare:save': async (request) => s.active().compare.save(request),
    'compare:delete': async ({ id }) => ({ deleted: s.active().compare.delete(id) }),
    'compare:latest': async ({ accounts }) => s.active().compare.latest(accounts.map(({ account }) => account)),
    // From the cache, written by main: the desktop app asks where, browser mode hands out a download.
    'exports:save': async ({ runId, format, subject }) => {
      const ws = s.active();
      const destination: ExportDestination = host.chooseSaveTarget ? { kind: 'dialog', choose: host.chooseSaveTarget } : s.downloadDestination();
      return ws.exports.save(runId, format, ws.exportPlan(subject), destination);
    },
    // An export belongs to the workspace it started in, which may no longer be the active one.
    'exports:cancel': async ({ runId }) => ({ cancelled: s.workspaces.openWorkspaces().some((ws) => ws.exports.cancel(runId)) }),
    'compare:printPdf': async ({ suggestedName }) => {
      // Browser mode: the page prints its print layout with the browser's own dialog.
      if (!host.printToPdf) return { openedByHost: false, savedTo: null };
      return { openedByHost: true, savedTo: await host.printToPdf(suggestedName) };
    },
    // Team: what the team database says of it, as for a report's quote (it cannot be reached, a monthly limit).
    'archive:quote': async ({ account }) => {
      const ws = s.active();
      return (await ws.unlocks.withTeam([ws.archive.quote(account)]))[0]!;
    },
    'archive:export': async ({ account, confirmedCost, workspace, teamUnreachableConfirmed }) => {
      const { ws, confirmedHere } = spendingIn(workspace);
      return ws.archive.export(account, confirmedCost, confirmedHere, teamConfirmed(teamUnreachableConfirmed));
    },
    'archive:exportAgain': async ({ id, confirmedCost, workspace, teamUnreachableConfirmed }) => {
      const { ws, confirmedHere } = spendingIn(workspace);
      return ws.archive.export(ws.archive.accountOf(id), confirmedCost, confirmedHere, teamConfirmed(teamUnreachableConfirmed));
    },
    'archive:cancel': async ({ account }) => ({ cancelled: s.active().archive.cancel(account) }),
    'archive:list': async (query) => s.active().archive.list(query),
    'archive:open': async ({ id }) => {
      const file = s.active().archive.existingFile(id);
      if (!host.openPath) return { openedByHost: false, url: archiveFileUrl(id) };
      await host.openPath(file);
      return { openedByHost: true, url: null };
    },
    'archive:reveal': async ({ id }) => {
      const file = s.active().archive.existingFile(id);
      if (!host.showItemInFolder) return { openedByHost: false, path: file };
      host.showItemInFolder(file);
      return { openedByHost: true, path: file };
    },
    'archive:delete': async ({ id }) => ({ deleted: s.active().archive.delete(id) }),
    // From the cache: no API call, no credit, works offline.
    'archive:clientReport': async ({ account, note, fetchedAt }) => s.active().clientReports.make({ ref: account, note, fetchedAt }),
    'agency:get': async () => s.active().agency.get(),
    'agency:set': async (brand) => s.active().agency.setBrand(brand),
    'agency:setLogo': async (logo) => s.active().agency.setLogo(logo),
    'agency:removeLogo': async () => s.active().agency.removeLogo(),
    'competitor:list': async () => s.active().competitor.list(),
    'competitor:get': async ({ id }) => s.active().competitor.get(id),
    'competitor:lost': async () => s.active().competitor.lost(),
    // Team: what the team database says of it, as for a report's quote (its cost is observed, from report credits).
    'competitor:quote': async () => s.active().unlocks.teamNote('credits'),
    'competitor:create': async ({ workspace, acceptMayCost: _accepted, teamUnreachableConfirmed, ...fields }) => {
      const { ws, confirmedHere } = spendingIn(workspace);
      return ws.competitor.create(fields, confirmedHere, teamConfirmed(teamUnreachableConfirmed));
    },
    'competitor:check': async ({ id }) => s.active().competitor.check(id),
    'competitor:fetchPosts': async ({ id }) => s.active().competitor.fetchPosts(id),
    'competitor:cancelPosts': async ({ id }) => ({ cancelled: s.active().competitor.cancelPosts(id) }),
    'competitor:posts': async ({ id, ...query }) => s.active().competitor.posts(id, query),
    // Free and not cached: the picker asks as the researcher types. Offline → OFFLINE, no token → NO_CREDENTIALS.
    'discovery:games': async ({ search }) => s.active().discovery.games(search),
    'discovery:queries': async () => s.active().discovery.queries(),
    'discovery:saveQuery': async (request) => s.active().discovery.saveQuery(request),
    'discovery:duplicateQuery': async ({ id }) => s.active().discovery.duplicateQuery(id),
    'discovery:renameQuery': async ({ id, name, seen }) => s.active().discovery.renameQuery(id, name, seen),
    'discovery:deleteQuery': async ({ id }) => ({ deleted: s.active().discovery.deleteQuery(id) }),
    // Team: production pages that cost say what the team database says of them, as a report's quote does.
    'discovery:quote': async (request) => {
      const ws = s.active();
      const quote = await ws.discovery.quote(request);
      return quote.sandbox || quote.calls === 0 ? quote : { ...quote, ...(await ws.unlocks.teamNote('discoveryRequests')) };
    },
    'discovery:run': async ({ workspace, teamUnreachableConfirmed, ...request }) => {
      const { ws, confirmedHere } = spendingIn(workspace);
      return ws.discovery.run(request, confirmedHere, teamConfirmed(teamUnreachableConfirmed));
    },
    // A run belongs to the workspace it started in, which may no longer be the active one.
    'discovery:cancel': async ({ runId }) => ({ cancelled: s.workspaces.openWorkspaces().some((ws) => ws.discovery.cancel(runId)) }),
    'discovery:results': async (request) => s.active().discovery.results(request),
    'shortlist:list': async () => s.active().discovery.shortlist(),
    'shortlist:add': async ({ items }) => s.active().discovery.addToShortlist(items),
    'shortlist:remove': async ({ ids }) => ({ removed: s.active().discovery.removeFromShortlist(ids) }),
    'lists:known': async () => s.active().lists.known(),
    // Team: a list synced before is asked of the API again and claims nothing, so only "not connected" applies to it.
    'lists:quote': async ({ listId }) => {
      const ws = s.active();
      const { teamUnreachable, ...note } = await ws.unlocks.teamNote('credits');
      return { ...note, ...(teamUnreachable && ws.lists.claims(listId) ? { teamUnreachable } : {}) };
    },
    'lists:sync': async ({ listId, teamUnreachableConfirmed }) => s.active().lists.sync(listId, teamConfirmed(teamUnreachableConfirmed)),
    'lists:items': async ({ listId }) => s.active().lists.items(listId),
    'lists:rename': async ({ listId, name }) => s.active().lists.rename(listId, name),
    'creators:sync': async (filter) => s.active().creators.sync(filter),
    'creators:list': async ({ text }) => s.active().creators.list(text),
    'reports:quoteMany': async ({ items }) => s.active().unlocks.quoteMany(items.map(({ account, tiktokType }) => ({ ...account, tiktokType }))),
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
    'team:join': () => s.workspaces.get('team').joinTeam(),
    'team:cancelJoin': async () => ({ cancelled: s.workspaces.get('team').cancelJoin() }),
    // Edits overtaken by a teammate's, in the active workspace (a Team workspace's; none elsewhere).
    'team:notices': async () => s.active().teamNotices(),
    'team:restoreNotice': async ({ id }) => s.active().restoreNotice(id),
    'team:dismissNotice': async ({ id }) => s.active().dismissNotice(id),
    'shell:openExternal': async ({ url }) => {
      const checked = checkExternalUrl(url);
      if (host.openExternal) {
        await host.openExternal(checked);
        return { openedByHost: true, url: checked };
      }
      return { openedByHost: false, url: checked };
    },
  };
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

