// Reports and everything that hangs off them: the six report operations, media, metrics
// history, brand mentions and PDF export. One state machine decides for all of them what a
// request costs and what it answers (spec sections 3.1, 3.2, 3.4, 4.1–4.7 and 8).
import { DAY_MS } from '../clock';
import { apiError, EXPIRY_PLACEHOLDER, invalidRequest, linkExpirySeconds, ok, type Sim, type SimRequest, type SimResponse, type SimRoute } from '../context';
import { hashString, type Network } from '../data/random';
import { accountIdentity } from '../data/profile';
import { reportSummary } from '../data/reports/summary';
import { renderReportPdf } from '../pdf';
import {
  generateInstagramHistory,
  generateInstagramMedia,
  generateReportBody,
  generateTiktokBrandMentions,
  generateTwitterHistory,
  generateYoutubeBrandMentions,
  generateYoutubeMediaPage,
  type ReportInput,
} from '../data/reports';
import { NO_KNOWN_END, notFoundAsCode16, usesRealForms } from '../data/realForms';
import { checkKey, type BalanceKind, type ReportCheck } from '../state';

const YEAR_MS = 365 * DAY_MS;
const LINK_LIFETIME_MS = 28 * DAY_MS;
const TIKTOK_LIMIT_PER_MINUTE = 100;

type TiktokType = 'report' | 'advanced_report';

/** Names that make the simulator behave like an account in that condition. */
function condition(name: string): 'not_found' | 'private' | 'no_videos' | 'no_views' | 'low_confidence' | 'normal' {
  const n = name.toLowerCase();
  if (n.startsWith('notfound')) return 'not_found';
  if (n.startsWith('private')) return 'private';
  if (n.startsWith('novideos')) return 'no_videos';
  if (n.startsWith('noviews')) return 'no_views';
  if (n.startsWith('lowconf')) return 'low_confidence';
  return 'normal';
}

/**
 * The string errors' delivery form is not documented (api-notes.md): the simulator uses both
 * forms, chosen by name, so clients must accept the string as `code` and as `description`.
 */
function stringError(name: string, status: number, error: 'CHANNEL_NOT_FOUND' | 'NO_VIDEOS' | 'NO_VIEWS'): SimResponse {
  // Real answers also give an unknown account as code 16 (data/realForms.ts says for which names).
  if (error === 'CHANNEL_NOT_FOUND' && notFoundAsCode16(name)) return apiError(status, 16, 'Object not found');
  const humane = { CHANNEL_NOT_FOUND: 'Channel not found', NO_VIDEOS: 'Channel has no videos', NO_VIEWS: 'Channel has no views' }[error];
  return hashString(name) % 2 === 0 ? apiError(status, error, humane) : apiError(status, 0, error);
}

function balanceFor(sim: Sim, network: Network, tiktokType: TiktokType | undefined): BalanceKind {
  if (network !== 'tiktok') return 'credits';
  if (tiktokType === 'report') return 'miniReports';
  return sim.state.quirks.tiktokAdvancedFrom ?? 'advancedReports';
}

/** The balance after the call, as the answer says it; undefined leaves the field out. */
function restTokens(sim: Sim, kind: BalanceKind): number | undefined {
  const quirk = sim.state.quirks.restTokens;
  if (quirk === 'absent') return undefined;
  return typeof quirk === 'number' ? quirk : sim.state.balances[kind];
}

function isFree(name: string): boolean {
  return name.trim().toLowerCase() === 'nasa';
}

/** A check that still gives access: paid (or free) within the last 365 days and not failed. */
function activeCheck(sim: Sim, network: Network, name: string): ReportCheck | undefined {
  const check = sim.state.checks.get(checkKey(network, name));
  if (!check || sim.clock.now() - check.checkedAt >= YEAR_MS) return undefined;
  return check;
}

function hasAccess(sim: Sim, network: Network, name: string): boolean {
  const check = activeCheck(sim, network, name);
  return !!check && check.outcome !== 'no_videos' && check.outcome !== 'no_views';
}

interface CheckResult {
  check?: ReportCheck;
  error?: SimResponse;
  kind: BalanceKind;
}

/**
 * Opens (or reuses) a check of an account. The first check in 365 days costs one unit of the
 * right balance; the test account `nasa` is free; a TikTok mini report does not cover an
 * advanced one. Out of credits → code 26 (HTTP 402).
 */
function ensureCheck(sim: Sim, network: Network, name: string, tiktokType?: TiktokType): CheckResult {
  const kind = balanceFor(sim, network, tiktokType);
  const existing = activeCheck(sim, network, name);
  const upgrade = network === 'tiktok' && existing?.tiktokType === 'report' && tiktokType !== 'report';
  if (existing && !upgrade) return { check: existing, kind };

  const free = isFree(name);
  if (!free && !sim.state.charge(kind)) return { error: apiError(402, 26, 'You do not have enough credits'), kind };
  const now = sim.clock.now();
  const c = condition(name);
  const slowdown = sim.state.highDemand ? 3 : 1;
  const check: ReportCheck = {
    network,
    name: name.trim().toLowerCase(),
    checkedAt: now,
    readyAt: now + sim.options.generationMs * slowdown,
    paidWith: free ? null : kind,
    outcome: c === 'no_videos' ? 'no_videos' : c === 'no_views' ? 'no_views' : c === 'low_confidence' ? 'low_confidence' : 'ready',
    refunded: false,
    tiktokType: network === 'tiktok' ? (tiktokType ?? 'advanced_report') : undefined,
  };
  sim.state.checks.set(checkKey(network, name), check);
  return { check, kind };
}

function reportInput(sim: Sim, network: Network, name: string, check?: ReportCheck): ReportInput {
  return {
    network,
    name,
    // The simulated day, not the millisecond: the same account gives the same report all day.
    now: Math.floor(sim.clock.now() / DAY_MS) * DAY_MS,
    cdn: sim.cdn,
    lowConfidence: check?.outcome === 'low_confidence',
    tiktokType: check?.tiktokType,
  };
}

// Generated bodies are kept per account (and day, as charts end "today"), already encoded and
// split where picture-link expiries go: the simulator must answer thousands of report requests
// a second, and re-encoding a 70 KB Instagram report each time would cost more than the rest.
function reportBodyParts(sim: Sim, network: Network, name: string, check: ReportCheck, userId?: string): Buffer[] {
  const day = Math.floor(sim.clock.now() / DAY_MS);
  const key = `${network}:${accountIdentity(network, name)}:${check.outcome}:${check.tiktokType ?? ''}:${day}`;
  const bodyCache = sim.state.reportBodies;
  let parts = bodyCache.get(key);
  if (!parts) {
    const body = generateReportBody(reportInput(sim, network, name, check));
    // A report asked for by TikTok user id carries that id.
    const basic = (body.report as { basic?: { id?: string } } | undefined)?.basic;
    if (userId && basic) basic.id = userId;
    // Without its braces: the envelope goes in front.
    parts = JSON.stringify(body).slice(1, -1).split(EXPIRY_PLACEHOLDER).map((p) => Buffer.from(p));
    if (bodyCache.size > 5000) bodyCache.clear();
    bodyCache.set(key, parts);
  }
  return parts;
}

function notReady(sim: Sim, network: Network, name: string, check: ReportCheck, kind: BalanceKind): SimResponse {
  const retryTtl = Math.max(1, Math.ceil((check.readyAt - sim.clock.now()) / 1000));
  const real = usesRealForms(network, name);
  const result: Record<string, unknown> = { report_state: 'NOT_READY', retryTtl, restTokens: real ? -1 : restTokens(sim, kind) };
  if (real) result.report = false;
  if (sim.state.highDemand) result.highDemand = true;
  // Twitch, TikTok and Snapchat document NOT_READY in a 200; the others answer 202 (api-notes.md).
  const status = network === 'twitch' || network === 'tiktok' || network === 'snapchat' ? 200 : 202;
  return ok(result, status);
}

/** The answer to a report request for an account whose check exists. */
function reportAnswer(sim: Sim, network: Network, name: string, check: ReportCheck, kind: BalanceKind, userId?: string): SimResponse {
  if (sim.clock.now() < check.readyAt) return notReady(sim, network, name, check, kind);
  if (check.outcome === 'no_videos' || check.outcome === 'no_views') {
    // Generation failed: the credit comes back, once.
    if (check.paidWith && !check.refunded) {
      sim.state.refund(check.paidWith);
      check.refunded = true;
    }
    return stringError(name, 403, check.outcome === 'no_videos' ? 'NO_VIDEOS' : 'NO_VIEWS');
  }
  const state = check.outcome === 'low_confidence' ? 'READY_LOW_CONFIDENCE' : 'READY';
  const validUntilMs = check.checkedAt + YEAR_MS;
  const envelope: Record<string, unknown> = { report_state: state, restTokens: restTokens(sim, kind) };
  const quality = check.outcome === 'low_confidence' ? 'low' : 'high';
  if (network === 'instagram') {
    // The Instagram report spells it with a leading underscore and gives validity as a duration.
    envelope._report_quality = quality;
    envelope.validUntil = Math.round((validUntilMs - sim.clock.now()) / 1000);
  } else {
    envelope.report_quality = quality;
    envelope.validUntil = Math.floor(validUntilMs / 1000);
  }
  if (network === 'tiktok') envelope.type = check.tiktokType;
  if (sim.state.highDemand) envelope.highDemand = true;
  if (usesRealForms(network, name)) {
    // Real answers: the balance not reported, and access with no known end.
    envelope.restTokens = -1;
    envelope.validUntil = NO_KNOWN_END;
  }
  const parts = reportBodyParts(sim, network, name, check, userId);
  const expiry = Buffer.from(String(linkExpirySeconds(sim)));
  // {"result":{<envelope>,<body>}}, the body's parts joined by the current link expiry.
  const pieces: Buffer[] = [Buffer.from(`{"result":${JSON.stringify(envelope).slice(0, -1)}`)];
  if (parts.length > 1 || parts[0]!.length > 0) pieces.push(Buffer.from(','));
  parts.forEach((part, i) => {
    if (i > 0) pieces.push(expiry);
    pieces.push(part);
  });
  pieces.push(Buffer.from('}}'));
  return { status: 200, body: Buffer.concat(pieces), contentType: 'application/json; charset=utf-8' };
}

function tiktokRateLimited(sim: Sim): SimResponse | null {
  const now = sim.clock.now();
  const window = sim.state.tiktokRequests;
  while (window.length && window[0]! <= now - 60_000) window.shift();
  if (window.length >= TIKTOK_LIMIT_PER_MINUTE) {
    const retryAfter = Math.max(1, Math.ceil((window[0]! + 60_000 - now) / 1000));
    return { status: 429, body: { error: { code: 429, description: 'Too many requests' } }, headers: { 'retry-after': String(retryAfter) } };
  }
  window.push(now);
  return null;
}

function requiredParam(req: SimRequest, name: string): string | null {
  const value = req.params.get(name)?.trim();
  return value ? value : null;
}

function reportRoute(network: Network, param: string, methods: SimRoute['methods'] = ['GET', 'POST']): SimRoute {
  return {
    methods,
    handle(req) {
      const { sim } = req;
      let name = requiredParam(req, param);
      if (!name) return invalidRequest(`Invalid request: ${param} is required`);
      let tiktokType: TiktokType | undefined;
      let userId: string | undefined;
      if (network === 'tiktok') {
        const type = req.params.get('type');
        if (type !== null && type !== 'report' && type !== 'advanced_report') {
          return invalidRequest('Invalid request: type must be report or advanced_report');
        }
        tiktokType = (type as TiktokType | null) ?? 'advanced_report';
        const limited = tiktokRateLimited(sim);
        if (limited) return limited;
        if (param === 'user_id') {
          if (!/^\d{1,25}$/.test(name)) return apiError(400, 103, 'Invalid user ID');
          userId = name;
          name = `user${name}`;
        }
      }
      if (condition(name) === 'not_found') return stringError(name, 404, 'CHANNEL_NOT_FOUND');
      // api-notes: HTTP 403 also means a private account or one without posts; nothing is charged.
      if (condition(name) === 'private') return apiError(403, 0, 'Account is private');
      const { check, error, kind } = ensureCheck(sim, network, name, tiktokType);
      if (error || !check) return error ?? invalidRequest();
      return reportAnswer(sim, network, name, check, kind, userId);
    },
  };
}

/** Media need an unlocked report (section 3.4): code 15 otherwise. */
function accessDenied(): SimResponse {
  return apiError(403, 15, 'Access denied');
}

const instagramMedia: SimRoute = {
  methods: ['GET'],
  handle(req) {
    const name = requiredParam(req, 'username');
    if (!name) return invalidRequest('Invalid request: username is required');
    if (!hasAccess(req.sim, 'instagram', name)) return accessDenied();
    return ok(generateInstagramMedia(reportInput(req.sim, 'instagram', name)));
  },
};

const youtubeMedia: SimRoute = {
  methods: ['GET', 'POST'],
  handle(req) {
    const name = requiredParam(req, 'channel');
    if (!name) return invalidRequest('Invalid request: channel is required');
    const pageText = req.params.get('page') ?? '1';
    const page = Number(pageText);
    if (!/^\d+$/.test(pageText) || page < 1) return invalidRequest('Invalid request: page must be a whole number from 1');
    if (!hasAccess(req.sim, 'youtube', name)) return accessDenied();
    return ok({ report_state: 'READY', ...generateYoutubeMediaPage(reportInput(req.sim, 'youtube', name), page) });
  },
};

/** Metrics history unlocks the report (section 3.4), paying for it like a report request. */
function historyRoute(network: 'instagram' | 'twitter', param: string, methods: SimRoute['methods']): SimRoute {
  return {
    methods,
    handle(req) {
      const name = requiredParam(req, param);
      if (!name) return invalidRequest(`Invalid request: ${param} is required`);
      if (condition(name) === 'not_found') return stringError(name, 404, 'CHANNEL_NOT_FOUND');
      const { error, kind } = ensureCheck(req.sim, network, name);
      if (error) return error;
      const input = reportInput(req.sim, network, name);
      const history = network === 'instagram' ? generateInstagramHistory(input) : generateTwitterHistory(input);
      return ok({ ...history, restTokens: restTokens(req.sim, kind) });
    },
  };
}

const tiktokBrandMentions: SimRoute = {
  methods: ['GET', 'POST'],
  handle(req) {
    const name = requiredParam(req, 'channel');
    if (!name) return invalidRequest('Invalid request: channel is required');
    if (condition(name) === 'not_found') return stringError(name, 404, 'CHANNEL_NOT_FOUND');
    // The one report-family answer without a `result` wrapper (spec 2.8).
    return { status: 200, body: generateTiktokBrandMentions(reportInput(req.sim, 'tiktok', name)) };
  },
};

const youtubeBrandMentions: SimRoute = {
  methods: ['GET', 'POST'],
  handle(req) {
    const name = requiredParam(req, 'channel');
    if (!name) return invalidRequest('Invalid request: channel is required');
    return ok(generateYoutubeBrandMentions(reportInput(req.sim, 'youtube', name)));
  },
};

/**
 * PDF export (spec 3.2, 4.1): unlocks the report (paying like a report request), then 202 with
 * retryTtl until the file is ready, then 200 with a link valid 28 days that a request refreshes
 * at most once a day.
 */
function pdfRoute(network: Network): SimRoute {
  const param = network === 'instagram' ? 'username' : 'channel';
  return {
    methods: ['GET'],
    handle(req) {
      const { sim } = req;
      const name = requiredParam(req, param);
      if (!name) return invalidRequest(`Invalid request: ${param} is required`);
      if (condition(name) === 'not_found') return stringError(name, 404, 'CHANNEL_NOT_FOUND');
      const { error, kind } = ensureCheck(sim, network, name);
      if (error) return error;
      const key = checkKey(network, name);
      const now = sim.clock.now();
      let job = sim.state.pdfJobs.get(key);
      if (!job) {
        job = { readyAt: now + sim.options.pdfMs * (sim.state.highDemand ? 3 : 1), linkIssuedAt: null };
        sim.state.pdfJobs.set(key, job);
      }
      if (now < job.readyAt) {
        return ok({ retryTtl: Math.max(1, Math.ceil((job.readyAt - now) / 1000)), restTokens: restTokens(sim, kind) }, 202);
      }
      if (job.linkIssuedAt === null || now - job.linkIssuedAt >= DAY_MS) {
        job.linkIssuedAt = now;
        sim.state.touch();
      }
      const expires = Math.floor((job.linkIssuedAt + LINK_LIFETIME_MS) / 1000);
      // The account as the simulator tells accounts apart: a YouTube channel id keeps its case.
      const pdfUrl = `${sim.origin()}/cdn/pdf/${network}/${encodeURIComponent(accountIdentity(network, name))}.pdf?exp=${expires}`;
      return ok({ pdfUrl, restTokens: restTokens(sim, kind) });
    },
  };
}

/**
 * The PDF file itself: the report of the account as the simulator answers it today (same check,
 * same day, so the same followers, engagement rate and audience), drawn over several pages.
 */
export function pdfFile(sim: Sim, network: Network, name: string): Promise<Uint8Array> {
  const check = sim.state.checks.get(checkKey(network, name));
  return renderReportPdf(reportSummary(reportInput(sim, network, name, check)));
}

export const reportRoutes: Record<string, SimRoute> = {
  'auditor.report': reportRoute('instagram', 'username'),
  'auditor.youtube': reportRoute('youtube', 'channel'),
  'auditor.twitter': reportRoute('twitter', 'channel'),
  'auditor.tiktok': reportRoute('tiktok', 'channel'),
  'auditor.tiktokByUserId': reportRoute('tiktok', 'user_id', ['GET']),
  'auditor.twitch': reportRoute('twitch', 'channel'),
  'auditor.snapchat': reportRoute('snapchat', 'channel'),
  'auditor.reportMedia': instagramMedia,
  'auditor.youtubeMedia': youtubeMedia,
  'auditor.instagramHistory': historyRoute('instagram', 'username', ['GET']),
  'auditor.twitterHistory': historyRoute('twitter', 'channel', ['GET', 'POST']),
  'auditor.tiktokBrandMentions': tiktokBrandMentions,
  'auditor.youtubeBrandMentions': youtubeBrandMentions,
  'auditor.instagramPdf': pdfRoute('instagram'),
  'auditor.youtubePdf': pdfRoute('youtube'),
  'auditor.tiktokPdf': pdfRoute('tiktok'),
  'auditor.twitchPdf': pdfRoute('twitch'),
  'auditor.twitterPdf': pdfRoute('twitter'),
  'auditor.snapchatPdf': pdfRoute('snapchat'),
};
