// The words for a report's state and for spending: why a fetch costs what it costs, the balances
// it spends, what a paying button says. (Network and period names are in format.ts, with the
// other words for values.)
import type { ArchiveKind } from './archive';
import type { CompetitorFilters } from './competitor';
import { countryName } from './countries';
import type { Network } from './reports';
import type { MonthlyLimit } from './monthlyLimit';
import type { TeamState, TeamStatus } from './team';
import { formatCount, formatDate, formatMetric, networkLabels, PERIOD_WORDS } from './format';

const YOUTUBE_CHANNEL_ID = /^UC[\w-]{22}$/;

/**
 * How an account is named under its title: '@natgeo'. A YouTube channel known only by its id
 * (UC…, 24 characters) is 'Channel UCxxxx' with the id's own letter case (channel ids are
 * case-sensitive: the report's `accountId` is preferred to a username that may have lost its
 * case), never a lower-cased @handle.
 */
export function accountHandle(network: Network | null, username: string | null, accountId: string | null = null): string {
  const name = (username ?? '').replace(/^@/, '');
  if (name === '') return '';
  if (network === 'youtube') {
    if (YOUTUBE_CHANNEL_ID.test(name)) return `Channel ${name}`;
    // A channel id that lost its case on the way: the report's own id has it.
    if (accountId && YOUTUBE_CHANNEL_ID.test(accountId) && accountId.toLowerCase() === name.toLowerCase()) return `Channel ${accountId}`;
  }
  return `@${name}`;
}

/**
 * An account named as a researcher knows it, its network said: 'National Geographic (@natgeo,
 * Instagram)', or '@natgeo (Instagram)' when no report of it gives its name.
 */
export function accountWords(network: Network, title: string | null, username: string, accountId: string | null = null): string {
  const handle = accountHandle(network, username, accountId) || username;
  return title && title.trim() !== '' && title !== username ? `${title} (${handle}, ${networkLabels[network]})` : `${handle} (${networkLabels[network]})`;
}

/**
 * How Compare's followers chart draws the accounts: as counted; each as growth from its first
 * point (= 100), so an account a thousand times larger does not flatten the rest; or on a log scale.
 */
export const followersScaleLabels = { count: 'Followers', growth: 'Growth (start = 100)', log: 'Log scale' } as const;
export type FollowersScale = keyof typeof followersScaleLabels;

/** A Snapchat report's data variant (`report.version`) in a researcher's words. */
export const snapchatVariantNotes: Readonly<Record<string, string>> = {
  opendata: 'From public data: figures Snapchat shows publicly. Reach and follower growth come only with verified data.',
  verified: 'From verified data: figures the creator’s connected Snapchat account shares, reach and follower growth included.',
};


export const stateNotes: Record<string, string> = {
  READY: 'Ready',
  READY_LOW_CONFIDENCE: 'Ready, low confidence: the audience data is limited, so audience figures may be missing or less reliable.',
};

/** Why a fetch costs what it costs; the balance is named by costText. */
export const costReasons: Record<string, string> = {
  'free-test-account': 'the free test account',
  unlocked: 'unlocked within 365 days: free',
  new: 'new',
  expired: 'unlocked over a year ago',
  upgrade: 'mini report unlocked; the advanced one is not',
  'paid-not-fetched': 'paid for but never fetched (cancelled, or its answer lost): most likely free',
  'unlocked-elsewhere': 'free: unlocked by your API account',
};

export const balanceLabels: Record<string, string> = {
  credits: 'report credits',
  miniReports: 'mini-report credits',
  advancedReports: 'advanced-report credits',
  discoveryRequests: 'discovery requests',
};

/** '1 report credit', '2 advanced-report credits': an amount of one balance, named. */
export function creditAmount(n: number, balance: string): string {
  const plural = balanceLabels[balance] ?? 'credits';
  return `${n} ${n === 1 ? plural.replace(/s$/, '') : plural}`;
}

/**
 * A spend past the team's monthly limit, said before it is confirmed: 'This would take you to
 * 205 of your 200 report credits this month (your team's limit)'.
 */
export function limitText(limit: MonthlyLimit, cost: number): string {
  return `This would take you to ${limit.spent + cost} of your ${creditAmount(limit.limit, limit.balance)} this month (your team's limit)`;
}

/** What a quote says, naming the balance it spends: 'new: 1 advanced-report credit', 'unlocked within 365 days: free'. */
export function costText(quote: { cost: number; reason: string; balance: string; unlockedAt?: number | null }): string {
  // Unlocked outside this Scout (a colleague, the web app): the API account's own date says why it is free.
  if (quote.reason === 'unlocked-elsewhere' && quote.cost === 0) {
    return typeof quote.unlockedAt === 'number' ? `free: unlocked on ${formatDate(quote.unlockedAt)} by your API account` : costReasons[quote.reason]!;
  }
  const why = costReasons[quote.reason] ?? quote.reason;
  if (quote.cost === 0) return why.endsWith('free') ? why : `free (${why})`;
  // Only the API knows whether that earlier request unlocked the account: ask for what it may cost.
  if (quote.reason === 'paid-not-fetched') return `${why}, at most ${creditAmount(quote.cost, quote.balance)}`;
  return `${why}: ${creditAmount(quote.cost, quote.balance)}`;
}

/** The paying button's words: 'Spend 1 report credit and refresh', 'Spend at most 1 … and fetch'. */
export function spendLabel(quote: { cost: number; reason: string; balance: string }, action: string): string {
  return `Spend ${quote.reason === 'paid-not-fetched' ? 'at most ' : ''}${creditAmount(quote.cost, quote.balance)} and ${action}`;
}

/**
 * How a sheet says a figure is absent, in the cell where the figure would be (never 0, never a
 * blank that reads as nothing): the report model's own reason where it gives one, else `missing`.
 */
export const ABSENT_WORDS = {
  /** A period in which the account posted nothing: its averages and rates do not exist. */
  noPosts: 'no posts',
  /** The report does not carry the figure (a hidden like count, a network without it). */
  missing: 'not in report',
} as const;

/** Where a figure of a comparison was read, in words: '"Subscribers" in the YouTube report, 30 days'. */
export function readFromText(reportLabel: string, network: string, period: string): string {
  return `"${reportLabel}" in the ${network} report${period ? `, ${period}` : ''}`;
}
/** What an archived PDF is: the API's report PDF, or Scout's own client report made from the cache. */
export const archiveKindLabels: Readonly<Record<ArchiveKind, string>> = {
  api: 'API report',
  client: 'Client report',
};

/** What a network's report counts as its posts. */
const POSTS_WORD: Record<Network, string> = { instagram: 'posts', youtube: 'videos', tiktok: 'posts', twitch: 'streams', twitter: 'tweets', snapchat: 'posts' };

/** What a network counts as its posts: 'posts', 'videos', 'streams'. */
export function postsWord(network: Network): string {
  return POSTS_WORD[network] ?? 'posts';
}

/** What a network counts as its posts, for `n` of them: '1 video', '3 streams'. */
export function postsCount(network: Network, n: number): string {
  const word = postsWord(network);
  return `${formatCount(n)} ${n === 1 ? word.slice(0, -1) : word}`;
}

/**
 * A figure of a period without posts, in words (src/shared/periodFigures.ts): 'No posts in the
 * last 30 days', 'No videos in the last 7 days'; 'No recent posts' for a report's overall count
 * of 0 (`period` null). Never 0, never marked.
 */
/** The same, short, where the period is said beside it (a headline card): 'No posts', 'No videos'. */
export function noPostsShort(network: Network): string {
  return `No ${POSTS_WORD[network] ?? 'posts'}`;
}

export function noPostsText(network: Network, period: keyof typeof PERIOD_WORDS | null): string {
  const posts = POSTS_WORD[network] ?? 'posts';
  return period === null ? `No recent ${posts}` : `No ${posts} in the last ${PERIOD_WORDS[period] ?? period}`;
}

/** The team database connection in a few words (the top bar; the status's message says the rest). */
export const teamStateLabels: Readonly<Record<TeamState, string>> = {
  'not-configured': 'Team database not connected',
  connecting: 'Connecting to the team database…',
  connected: 'Team database connected',
  unreachable: 'Team database unreachable',
  'wrong-password': 'Team database: wrong password',
  'not-set-up': 'Team database not set up',
  'schema-newer': 'Team database needs a newer Scout',
  'not-a-researcher': 'Not on the team yet',
  refused: 'Team database refused',
};

/** "Team: Anna Berg" when connected, else what is wrong in a few words. */
export function teamStatusLabel(status: TeamStatus): string {
  return status.state === 'connected' && status.researcherName ? `Team: ${status.researcherName}` : teamStateLabels[status.state];
}

/**
 * A fetch waiting for a teammate's purchase (the `waiting-teammate` phase); `yoursElsewhere`: the
 * researcher's own purchase on another computer (never "waiting for" themself).
 */
export function waitingForTeammate(name: string | null | undefined, yoursElsewhere = false): string {
  if (yoursElsewhere) return 'you are buying it on another computer: Scout takes that copy and spends nothing…';
  return `waiting for ${name ?? 'a teammate'}, who is buying it now: Scout takes their copy and spends nothing…`;
}

/** A team record's kind, as a researcher says it ("a report", "a PDF export") — never the kind's key. */
const teamRecordKinds: Readonly<Record<string, string>> = {
  report: 'a report',
  pdf: 'a PDF export',
  discovery: 'a discovery run',
  competitor: 'a competitor analysis',
  list: 'a list',
  creator: 'a creator',
  media: 'an account’s posts',
  history: 'an account’s history',
  mentions: 'an account’s mentions',
};

/** "a report"; a kind this Scout does not know is "a record of a kind this Scout does not know". */
export function teamRecordKindLabel(kind: string): string {
  return teamRecordKinds[kind] ?? 'a record of a kind this Scout does not know';
}

/** A quote's line, after its cost, for a fetch the team database could not be asked about (CostQuote.teamUnreachable). */
export const teamUnreachableQuote = 'the team database cannot be reached: a teammate may already have this';

/**
 * The question a quote asks when the team database could not be asked about what it buys, before
 * anything is spent: `thing` is what one of them is ('report', 'PDF').
 */
export function teamUnreachableAsk(count: number, thing = 'report'): string {
  const one = count === 1;
  const what = one ? `this ${thing}` : `these ${formatCount(count)} ${thing}s`;
  const it = one ? 'it' : 'them';
  return `The team database cannot be reached, so Scout cannot ask whether a teammate already has ${what}, nor check your team’s monthly limit. Buy anyway buys ${it} here and shares ${it} with the team once it is back; Not now buys nothing.`;
}

/** A spend button's words when the researcher buys without the team: 'Buy anyway: fetch and spend 1 report credit'. */
export function buyAnywayLabel(spend: string): string {
  return `Buy anyway: ${spend.charAt(0).toLowerCase()}${spend.slice(1)}`;
}

/** A quote's line, after its cost, when the Team workspace has no working connection to its team database (TeamQuoteNote.teamNotConnected). */
export const teamNotConnectedQuote = 'not connected to the team database: connect in Settings → Team database';

/** What such a quote says once, in place of a spend: the send would refuse it (TEAM_NOT_CONNECTED). */
export const teamNotConnectedAsk =
  'Scout buys nothing in the Team workspace without asking the team database first, and it is not connected. Connect in Settings → Team database, then check the cost again. Nothing was spent.';

/** An Add accounts row refused because the team database could not be asked. */
export const teamUnreachableRow = 'not bought: the team database cannot be reached';

/** Add accounts' "Buy anyway?" for the rows the team database could not be asked about. */
export function teamUnreachableBatch(count: number): string {
  const what = count === 1 ? 'this report' : 'these reports';
  return `The team database cannot be reached: a teammate may already have ${what}, and your team’s monthly limit cannot be checked. Nothing was spent.`;
}

/**
 * The post browser's filters (CompetitorFilters) by the names the page gives them: its labels,
 * and the competitor file's Summary, which says which filters made the posts it holds.
 */
export const competitorFilterLabels = {
  text: 'Search captions and accounts',
  paidTypes: 'Paid type',
  accountTypes: 'Account type',
  countries: 'Audience country',
  followers: 'Followers',
  er: 'Engagement %',
  posted: 'Posted',
} as const;

/** A value the API gives as a word with underscores ('likely_sponsored'), as words. */
export function apiWords(value: string): string {
  return value.replace(/_+/g, ' ');
}

/** A range in words: '10,000 to 50,000', 'from 10,000', 'up to 50,000'; null when neither end is set. */
function rangeWords(from: string | null, to: string | null): string | null {
  if (from !== null && to !== null) return `${from} to ${to}`;
  if (from !== null) return `from ${from}`;
  return to === null ? null : `up to ${to}`;
}

/**
 * The filters that are set, each by its label and what it was set to, in the page's order:
 * [{ label: 'Paid type', value: 'likely sponsored' }, { label: 'Posted', value: '2026-03-01 to 2026-03-31' }].
 */
export function competitorFilterWords(filters: CompetitorFilters): { label: string; value: string }[] {
  const out: { label: string; value: string }[] = [];
  const add = (label: string, value: string | null) => {
    if (value !== null && value !== '') out.push({ label, value });
  };
  const list = (values: readonly string[] | undefined, word: (v: string) => string) => (values?.length ? values.map(word).join(', ') : null);
  const n = (v: number | undefined, write: (v: number) => string) => (v === undefined ? null : write(v));
  add(competitorFilterLabels.text, filters.text?.trim() ? `“${filters.text.trim()}”` : null);
  add(competitorFilterLabels.paidTypes, list(filters.paidTypes, apiWords));
  add(competitorFilterLabels.accountTypes, list(filters.accountTypes, apiWords));
  add(competitorFilterLabels.countries, list(filters.countries, countryName));
  add(competitorFilterLabels.followers, rangeWords(n(filters.followersMin, formatCount), n(filters.followersMax, formatCount)));
  add(competitorFilterLabels.er, rangeWords(n(filters.erMin, (v) => formatMetric(v, 'percent')), n(filters.erMax, (v) => formatMetric(v, 'percent'))));
  add(competitorFilterLabels.posted, rangeWords(filters.dateFrom ?? null, filters.dateTo ?? null));
  return out;
}
