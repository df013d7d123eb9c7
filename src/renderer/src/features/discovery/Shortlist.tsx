// The local shortlist: accounts picked from any search, kept in the workspace (shared in a Team
// workspace), with their engagement rate, country, research status, tags and note; filtered by
// status or tag, compared, removed or exported as a sheet.
import { useEffect, useMemo, useState } from 'react';
import { parseAccountRef } from '@shared/accountInput';
import { tagKey } from '@shared/accountNotes';
import { countryName } from '@shared/countries';
import type { ShortlistItem } from '@shared/discoveryData';
import { passesNotesFilter, statusRank } from '@shared/workflow';
import { Avatar } from '../../shared/Avatar';
import { DataTable, EmptyState, ErrorState, ExportActions, emptySelection, formatDate, formatExact, formatMetric, keepShown, plural, type Column, type Selection } from '../../shared/ui';
import { useScout } from '../../store';
import { scout } from '../../data/scoutClient';
import { teamReceived } from '../../data/scoutQuery';
import { useScoutQuery } from '../../data/useScoutQuery';
import { useScoutMutation } from '../../data/useScoutMutation';
import { networkLabels } from '@shared/format';
import { StatusFilterOptions, StatusName, StatusStepsProvider, useStatusSteps } from '../workflow';

const keyOf = (item: ShortlistItem) => String(item.id);

export function Shortlist() {
  // The workspace's shortlist (Results adds to it: `changes: ['shortlist']`), and a teammate's additions.
  const list = useScoutQuery(() => scout.invoke('shortlist:list', {}), [], { reads: ['shortlist'], refreshOn: [teamReceived('shortlist_item')] });
  const items = list.data ?? null;
  const removing = useScoutMutation((ids: number[]) => scout.invoke('shortlist:remove', { ids }), { refresh: [list] });
  // A failure to remove is said until the list is read anew.
  const { reset: forgetRemoveError } = removing;
  useEffect(() => forgetRemoveError(), [list.answers, forgetRemoveError]);
  const error = removing.error ?? list.error;
  const remove = (ids: number[]) => removing.run(ids);
  const addToCompare = useScout((s) => s.addToCompare);
  const [selection, setSelection] = useState<Selection>(emptySelection);
  const [status, setStatus] = useState<string | null>(null);
  const [filter, setFilter] = useState<{ status?: string; tag?: string }>({});
  const steps = useStatusSteps().data?.steps ?? [];

  const all = useMemo(() => items ?? [], [items]);
  const tagsInUse = useMemo(() => {
    const seen = new Map<string, string>();
    for (const item of all) for (const t of item.tags) if (!seen.has(tagKey(t))) seen.set(tagKey(t), t);
    return [...seen.values()].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
  }, [all]);
  const rows = useMemo(
    () =>
      all.filter((r) => passesNotesFilter(r, filter)),
    [all, filter],
  );
  const stepPosition = (r: ShortlistItem) => statusRank(steps, r.status);
  const current = keepShown(selection, rows.map(keyOf));
  const chosen = rows.filter((r) => current.keys.has(keyOf(r)));

  const columns: Column<ShortlistItem, 'account' | 'network' | 'followers' | 'er' | 'country' | 'status' | 'note' | 'added' | 'remove'>[] = [
    {
      key: 'account',
      label: 'Account',
      sortValue: (r) => r.title ?? r.account,
      cell: (r) => (
        <span className="account-cell">
          <Avatar url={r.avatarUrl} label={r.title ?? r.account} size={24} />
          <span>
            {r.title ?? r.account} {r.title && <span className="muted">{r.account}</span>}
            {r.tags.length > 0 && (
              <span className="tag-cell" aria-label={`Tags: ${r.tags.join(', ')}`}>
                {r.tags.map((t) => (
                  <span key={t} className="tag-chip small">
                    {t}
                  </span>
                ))}
              </span>
            )}
          </span>
        </span>
      ),
    },
    { key: 'network', label: 'Network', sortValue: (r) => networkLabels[r.network], cell: (r) => networkLabels[r.network] },
    { key: 'followers', label: 'Followers', numeric: true, sortValue: (r) => r.followers, cell: (r) => formatMetric(r.followers, 'count'), title: (r) => (r.followers === null ? undefined : formatExact(r.followers)) },
    {
      key: 'er',
      label: 'Engagement rate',
      numeric: true,
      sortValue: (r) => r.er,
      cell: (r) => formatMetric(r.er, 'percent'),
      title: (r) => (r.er === null ? undefined : formatExact(r.er, 'percent')),
    },
    { key: 'country', label: 'Country', sortValue: (r) => (r.country ? countryName(r.country) : null), cell: (r) => (r.country ? countryName(r.country) : '—') },
    { key: 'status', label: 'Status', sortValue: stepPosition, cell: (r) => <StatusName status={r.status} /> },
    { key: 'note', label: 'Note', sortValue: (r) => r.note || null, cell: (r) => <span className="note-cell">{r.note}</span>, title: (r) => r.note || undefined },
    { key: 'added', label: 'Added', sortValue: (r) => r.addedAt, firstOrder: 'desc', cell: (r) => formatDate(r.addedAt) },
    {
      key: 'remove',
      label: 'Remove',
      hideLabel: true,
      cell: (r) => (
        <button type="button" className="link" onClick={() => void remove([r.id])} aria-label={`Remove ${r.title ?? r.account} from the shortlist`}>
          Remove
        </button>
      ),
    },
  ];

  const compare = () => {
    const picks = chosen.flatMap((r) => {
      const ref = parseAccountRef(r.account, r.network);
      return ref.ok ? [{ network: r.network, accountKey: ref.value.key, title: r.title, username: r.account, avatarUrl: r.avatarUrl }] : [];
    });
    const added = addToCompare(picks);
    setStatus(`${plural(added, 'account')} added to the comparison tray.`);
  };

  return (
    <section className="discovery-shortlist" aria-labelledby="shortlist-title" data-testid="shortlist">
      <h2 id="shortlist-title">
        Shortlist <span className="muted">({plural(rows.length, 'account')})</span>
      </h2>
      {error && <ErrorState title="The shortlist could not be read or changed.">{error}</ErrorState>}
      {items !== null && all.length === 0 && <EmptyState title="The shortlist is empty.">Select accounts in the results and choose “Add to shortlist”: they stay in this workspace.</EmptyState>}
      {all.length > 0 && (
        <div className="filters" role="search" aria-label="Filter the shortlist">
          <select aria-label="Shortlist status" value={filter.status ?? ''} onChange={(e) => setFilter((f) => ({ ...f, status: e.target.value || undefined }))}>
            <StatusFilterOptions steps={steps} current={filter.status} />
          </select>
          {tagsInUse.length > 0 && (
            <select aria-label="Shortlist tag" value={filter.tag ?? ''} onChange={(e) => setFilter((f) => ({ ...f, tag: e.target.value || undefined }))}>
              <option value="">Any tag</option>
              {tagsInUse.map((t) => (
                <option key={t} value={t}>
                  Tagged “{t}”
                </option>
              ))}
            </select>
          )}
          <ExportActions
            subject={() => ({ kind: 'shortlist', ...filter, rows: chosen.map((c) => String(c.id)) })}
            onStatus={setStatus}
            disabled={rows.length === 0}
            scope={chosen.length ? 'the selected accounts' : 'the accounts shown'}
            testIds={{ xlsx: 'shortlist-xlsx', csv: 'shortlist-csv' }}
          />
        </div>
      )}
      {all.length > 0 && rows.length === 0 && <EmptyState title="No shortlisted account matches these filters.">Choose “Any status” and “Any tag” to see them all.</EmptyState>}
      {rows.length > 0 && (
        <>
          <div className="discovery-actions">
            <span className="muted">{chosen.length ? `${plural(chosen.length, 'account')} selected` : 'Select accounts to compare or remove them.'}</span>
            <button type="button" onClick={compare} disabled={chosen.length === 0}>
              Add to comparison
            </button>
            <button type="button" onClick={() => void remove(chosen.map((c) => c.id)).then(() => setSelection(emptySelection))} disabled={chosen.length === 0} data-testid="shortlist-remove">
              Remove selected
            </button>
            {status && (
              <span role="status" className="muted">
                {status}
              </span>
            )}
          </div>
          <StatusStepsProvider>
          <DataTable
            label="Shortlist"
            columns={columns}
            rows={rows}
            rowKey={keyOf}
            selection={current}
            onSelectionChange={setSelection}
            rowLabel={(r) => r.title ?? r.account}
            rowProps={(r) => ({ 'data-testid': 'shortlist-row', 'data-account': r.account })}
          />
          </StatusStepsProvider>
        </>
      )}
    </section>
  );
}
