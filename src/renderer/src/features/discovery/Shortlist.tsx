// The local shortlist: accounts picked from any search, kept in the workspace (not sent anywhere),
// to compare or remove later.
import { useEffect, useMemo, useState } from 'react';
import { parseAccountRef } from '@shared/accountInput';
import type { ShortlistItem } from '@shared/discoveryData';
import { Avatar } from '../../shared/Avatar';
import { DataTable, EmptyState, ErrorState, emptySelection, formatDate, formatExact, formatMetric, keepShown, plural, type Column, type Selection } from '../../shared/ui';
import { useScout } from '../../store';
import { networkLabels } from '@shared/format';

const keyOf = (item: ShortlistItem) => String(item.id);

export function Shortlist() {
  const items = useScout((s) => s.shortlist);
  const error = useScout((s) => s.shortlistError);
  const load = useScout((s) => s.loadShortlist);
  const remove = useScout((s) => s.removeFromShortlist);
  const addToCompare = useScout((s) => s.addToCompare);
  const workspace = useScout((s) => s.workspace?.active);
  const [selection, setSelection] = useState<Selection>(emptySelection);
  const [status, setStatus] = useState<string | null>(null);

  useEffect(() => {
    void load();
  }, [load, workspace]);

  const rows = useMemo(() => items ?? [], [items]);
  const current = keepShown(selection, rows.map(keyOf));
  const chosen = rows.filter((r) => current.keys.has(keyOf(r)));

  const columns: Column<ShortlistItem, 'account' | 'network' | 'followers' | 'added' | 'remove'>[] = [
    {
      key: 'account',
      label: 'Account',
      sortValue: (r) => r.title ?? r.account,
      cell: (r) => (
        <span className="account-cell">
          <Avatar url={r.avatarUrl} label={r.title ?? r.account} size={24} />
          <span>
            {r.title ?? r.account} {r.title && <span className="muted">{r.account}</span>}
          </span>
        </span>
      ),
    },
    { key: 'network', label: 'Network', sortValue: (r) => networkLabels[r.network], cell: (r) => networkLabels[r.network] },
    { key: 'followers', label: 'Followers', numeric: true, sortValue: (r) => r.followers, cell: (r) => formatMetric(r.followers, 'count'), title: (r) => (r.followers === null ? undefined : formatExact(r.followers)) },
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
      {items !== null && rows.length === 0 && <EmptyState title="The shortlist is empty.">Select accounts in the results and choose “Add to shortlist”: they stay in this workspace.</EmptyState>}
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
        </>
      )}
    </section>
  );
}
