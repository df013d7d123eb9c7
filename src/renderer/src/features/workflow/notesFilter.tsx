// Tables of accounts Scout may not have a report of (Discovery's results, Lists, Compare) filtered
// by the researcher's status and tags: every account's notes read once per screen, looked up by
// the account key Scout keeps them under (parseAccountRef, as everywhere else).
import { useMemo } from 'react';
import { tagKey, type AccountNotesView } from '@shared/accountNotes';
import type { Network } from '@shared/reports';
import { hasNotesFilter, notesKeyOf, passesNotesFilter, type NotesFilterValue } from '@shared/workflow';
import { scout } from '../../data/scoutClient';
import { teamReceived } from '../../data/scoutQuery';
import { useScoutQuery } from '../../data/useScoutQuery';
import { useStatusSteps } from './useStatusSteps';
import { StatusFilterOptions } from './StatusName';

export type NotesIndex = (network: Network | null, account: string | null) => AccountNotesView | null;

/** Every account's notes, and a lookup by network and account as a row names it. */
export function useNotesIndex(): { lookup: NotesIndex; tags: string[] } {
  const all = useScoutQuery(() => scout.invoke('notes:all', {}), [], { keepPrevious: true, refreshOn: [teamReceived('account_notes', 'status_steps'), 'workflow:changed'] });
  return useMemo(() => {
    const byKey = new Map((all.data ?? []).map((n) => [`${n.network}:${n.accountKey}`, n]));
    const seen = new Map<string, string>();
    for (const n of all.data ?? []) for (const t of n.tags) if (!seen.has(tagKey(t))) seen.set(tagKey(t), t);
    const lookup: NotesIndex = (network, account) => {
      const key = notesKeyOf(network, account);
      return key === null ? null : (byKey.get(key) ?? null);
    };
    return { lookup, tags: [...seen.values()].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })) };
  }, [all.data]);
}

export { hasNotesFilter, passesNotesFilter, type NotesFilterValue };

/** The two selects: a status (or none) and a tag in use. */
export function NotesFilter({ value, onChange, tags, label }: { value: NotesFilterValue; onChange(next: NotesFilterValue): void; tags: readonly string[]; label: string }) {
  const steps = useStatusSteps().data?.steps ?? [];
  return (
    <span className="notes-filter" role="group" aria-label={`Filter ${label} by your status and tags`}>
      <select aria-label={`${label}: status`} value={value.status ?? ''} onChange={(e) => onChange({ ...value, status: e.target.value || undefined })}>
        <StatusFilterOptions steps={steps} current={value.status} />
      </select>
      {(tags.length > 0 || value.tag !== undefined) && (
        <select aria-label={`${label}: tag`} value={value.tag ?? ''} onChange={(e) => onChange({ ...value, tag: e.target.value || undefined })}>
          <option value="">Any tag</option>
          {[...(value.tag !== undefined && !tags.some((t) => tagKey(t) === tagKey(value.tag!)) ? [value.tag] : []), ...tags].map((t) => (
            <option key={t} value={t}>
              Tagged “{t}”
            </option>
          ))}
        </select>
      )}
    </span>
  );
}
