// The words for a report's state and for spending: why a fetch costs what it costs, the balances
// it spends, what a paying button says. (Network and period names are in format.ts, with the
// other words for values.)
import type { Network } from '@shared/reports';
import { formatDate, PERIOD_WORDS } from './format';

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

/** What a network's report counts as its posts. */
const POSTS_WORD: Record<Network, string> = { instagram: 'posts', youtube: 'videos', tiktok: 'posts', twitch: 'streams', twitter: 'tweets', snapchat: 'posts' };

/**
 * A figure of a period without posts, in words (src/shared/periodFigures.ts): 'No posts in the
 * last 30 days', 'No videos in the last 7 days'; 'No recent posts' for a report's overall count
 * of 0 (`period` null). Never 0, never marked.
 */
export function noPostsText(network: Network, period: keyof typeof PERIOD_WORDS | null): string {
  const posts = POSTS_WORD[network] ?? 'posts';
  return period === null ? `No recent ${posts}` : `No ${posts} in the last ${PERIOD_WORDS[period] ?? period}`;
}
