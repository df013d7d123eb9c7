// A report as the team database holds it: the item it is filed under, and a teammate's copy read
// as hostile input (it must be a finished report, and of the account it is filed under).
import type { TiktokType } from '../../platform/api/apiClient';
import type { Network, ParsedReport } from '../../platform/api/types';
import { parseAccountRef } from '@shared/accountInput';
import { networks } from '@shared/reports';
import { parseReport } from '../../platform/api/schemas';
import { z } from 'zod';
import { teamItem, type TeamItem } from '../../team/records';
import { TeamError } from '../../kernel/teamErrors';

/**
 * A teammate's report from the team database, read like an API answer of the day they bought
 * it (a validUntil given as a duration counts from then); only a ready report is taken.
 */
export function teammateReport(network: Network, body: unknown, fetchedAt: number): ParsedReport {
  let answer: ParsedReport | null = null;
  let detail: string | undefined;
  try {
    answer = parseReport(network, body, fetchedAt);
  } catch (error) {
    detail = error instanceof Error ? error.message : String(error);
  }
  if (answer === null || answer.state === 'NOT_READY') {
    throw new TeamError('TEAM_BAD_DATA', "A teammate's copy of this report in the team database cannot be read as a finished report, so Scout did not save it.", { cause: detail ?? 'not ready' });
  }
  return answer;
}

/** The team's item for a report: a TikTok mini and advanced report are bought apart. */
export function reportTeamItem(network: Network, accountKey: string, tiktokType?: TiktokType | null): TeamItem {
  return teamItem('report', { network, subject: accountKey, variant: network === 'tiktok' ? (tiktokType ?? 'advanced_report') : undefined });
}

/**
 * Whether a report is the account it is filed under: a teammate's record is hostile input, and
 * one filed under one account may hold another's answer. Its username or id, read by the rules
 * of Add accounts, must be the key (or, spelled as the API gives it, equal it but for case).
 */
export function isReportOf(network: Network, report: ParsedReport, accountKey: string): boolean {
  // A YouTube channel asked for by its custom or legacy name (youtube.com/c/…, /user/…) is filed
  // under that name, which the answer need not carry (it names the handle and the channel id):
  // only a channel id can be checked there.
  if (network === 'youtube' && !/^uc[a-z0-9_-]{22}$/.test(accountKey)) return true;
  const key = accountKey.toLowerCase();
  const bare = key.replace(/^@/, '');
  const names = [report.summary?.username, report.summary?.accountId].filter((n): n is string => typeof n === 'string' && n.length > 0);
  return names.some((name) => {
    const spelled = name.toLowerCase().replace(/^@/, '');
    if (spelled === key || spelled === bare) return true;
    const ref = parseAccountRef(name, network);
    return ref.ok && (ref.value.key === accountKey || ref.value.apiName.toLowerCase() === bare);
  });
}

/** A report item's key as the team database holds it (teamItem's JSON array), read as hostile. */
const reportItemKey = z.tuple([z.enum(networks), z.string().min(1), z.enum(['', 'report', 'advanced_report'])]);

export function reportOfItem(item: TeamItem): { network: Network; accountKey: string } {
  let parts: unknown;
  try {
    parts = JSON.parse(item.key) as unknown;
  } catch {
    parts = null;
  }
  const read = reportItemKey.safeParse(parts);
  if (item.kind !== 'report' || !read.success || (read.data[0] === 'tiktok') !== (read.data[2] !== '')) {
    throw new TeamError('TEAM_BAD_DATA', 'A record in the team database does not name a report Scout knows.');
  }
  return { network: read.data[0], accountKey: read.data[1] };
}
