// The creators filters as typed, read where they are typed: the unlock dates, creator ids and
// creator accounts, each with the API's limits (4.10), so a bad value is said at its field and
// nothing is sent.
import { parseAccountList } from '@shared/accountInput';
import { isCalendarDay } from '@shared/calendarDay';
import { MAX_CREATOR_ACCOUNTS, MAX_CREATOR_IDS } from '@shared/creators';
import { isPositiveId } from '@shared/ids';
import { networks, type Network } from '@shared/reports';
import type { Read } from '@shared/listsModel';


/** Creator ids as typed: separated by commas or spaces, digits only, at most 1,000. Empty is no filter. */
export function readCreatorIds(text: string): Read<number[] | undefined> {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  if (parts.length === 0) return { ok: true, value: undefined };
  const bad = parts.find((p) => !/^\d+$/.test(p) || !isPositiveId(Number(p)));
  if (bad) return { ok: false, message: `"${bad}" is not a creator id: ids are whole numbers from 1, separated by commas.` };
  const ids = [...new Set(parts.map(Number))];
  if (ids.length > MAX_CREATOR_IDS) return { ok: false, message: `At most ${MAX_CREATOR_IDS.toLocaleString('en-US')} creator ids at a time; this has ${ids.length.toLocaleString('en-US')}.` };
  return { ok: true, value: ids };
}

/**
 * Creator accounts as typed, one per line: 'instagram natgeo', 'twitch:shroud', or a profile
 * link. At most 100. A line that names no account is refused by its number. Empty is no filter.
 */
export function readCreatorAccounts(text: string): Read<{ network: Network; account: string }[] | undefined> {
  const lines = text.split(/\r\n|\r|\n/).map((l) => l.trim());
  const out: { network: Network; account: string }[] = [];
  const seen = new Set<string>();
  for (const [index, line] of lines.entries()) {
    if (!line) continue;
    // 'instagram natgeo' reads as 'instagram:natgeo'.
    const spaced = /^([a-z]+)\s+(\S+)$/i.exec(line);
    const entry = spaced && networks.includes(spaced[1]!.toLowerCase() as Network) ? `${spaced[1]!.toLowerCase()}:${spaced[2]}` : line;
    const parsed = parseAccountList(entry, null);
    const first = parsed[0];
    if (parsed.length !== 1 || !first?.ok) {
      const why = first && !first.ok ? first.reason.replace(/^line \d+(?: is not fetched)?: /, '') : 'one account per line';
      return { ok: false, message: `Line ${index + 1} (“${line}”): ${why}. Write a network and an account, such as “instagram natgeo”, or paste a profile link.` };
    }
    const key = `${first.value.network}:${first.value.key}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ network: first.value.network, account: first.value.account });
  }
  if (out.length === 0) return { ok: true, value: undefined };
  if (out.length > MAX_CREATOR_ACCOUNTS) return { ok: false, message: `At most ${MAX_CREATOR_ACCOUNTS} accounts at a time; this has ${out.length}.` };
  return { ok: true, value: out };
}

/** The unlock dates: each a calendar day (the date picker's YYYY-MM-DD), the first not after the second. */
export function readUnlockRange(from: string, to: string): { from: string | null; to: string | null; errors: { from?: string; to?: string } } {
  const errors: { from?: string; to?: string } = {};
  const day = (text: string, key: 'from' | 'to') => {
    const t = text.trim();
    if (t === '') return null;
    if (!isCalendarDay(t)) {
      errors[key] = 'That is not a calendar date (YYYY-MM-DD).';
      return null;
    }
    return t;
  };
  const f = day(from, 'from');
  const t = day(to, 'to');
  if (f && t && f > t) errors.to = 'The end date comes before the start date.';
  return { from: f, to: t, errors };
}
