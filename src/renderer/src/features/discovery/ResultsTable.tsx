// The accounts a search found, from the cache, in the UI kit's VirtualTable: 10,000 rows scroll
// like 20. It sorts by a column, selects rows (a box per row, Shift for a range, one box for all
// shown) and moves like a list from the keyboard (arrows, Home/End, Page Up/Down; Space selects,
// Shift+Space a range; Enter opens the profile). Links to profiles go out through main's allow-list.
import { markWords } from '@shared/reportModel/read';
import { accountHandle } from '@shared/labels';
import { countryName } from '@shared/countries';
import { useCallback, useMemo, type MouseEvent } from 'react';
import type { DiscoveryRow } from '@shared/discoveryData';
import { Avatar } from '../../shared/Avatar';
import { formatExact, formatMetric, openOutside, VirtualTable, type Selection, type SortState, type VirtualColumn } from '../../shared/ui';
import { networkLabels } from '@shared/format';
import { firstOrder, orderRows, type ResultSortKey } from '@shared/discoveryResultOrder';
import { statusRank, type StatusStep } from '@shared/workflow';
import { RowNotes, StatusName, useStatusSteps, type NotesIndex } from '../workflow';

const NO_STEPS: readonly StatusStep[] = [];


export type { ResultSortKey };

export const ROW_HEIGHT = 44;

/** Initials while the table scrolls (a fast scroll asks for no picture), the cached picture once it stops. */
function RowAvatar({ url, label, scrolling }: { url: string | null; label: string; scrolling: boolean }) {
  if (scrolling || !url) {
    return (
      <span className="avatar avatar-fallback" style={{ width: 28, height: 28 }} aria-hidden="true">
        {initials(label)}
      </span>
    );
  }
  // Keyed by the picture: the row is reused for another account as the table scrolls.
  return <Avatar key={url} url={url} label={label} size={28} />;
}

function initials(label: string): string {
  return label.replace(/[^A-Za-z0-9]/g, '').slice(0, 2).toUpperCase() || '?';
}

function nameOf(r: DiscoveryRow): string {
  // A channel known by its id is 'Channel UC…' in its own case; a row's internal key is never a name.
  return r.title ?? (accountHandle(r.network, r.username ?? r.socialId, r.socialId) || 'Unnamed account');
}

export interface ResultsTableProps {
  rows: readonly DiscoveryRow[];
  selection: Selection;
  onSelectionChange(selection: Selection): void;
  sort: SortState<ResultSortKey> | null;
  onSortChange(sort: SortState<ResultSortKey>): void;
  /** Something the table could not do (a link refused), in words. */
  onProblem(message: string): void;
  /** The researcher's notes on a row's account (its status and tags show under its name). */
  notesOf?: NotesIndex;
}

type ColumnKey = ResultSortKey | 'linked';

const rowKey = (r: DiscoveryRow) => r.key;

export function ResultsTable({ rows, selection, onSelectionChange, sort, onSortChange, onProblem, notesOf }: ResultsTableProps) {
  const steps = useStatusSteps().data?.steps ?? NO_STEPS;
  const statusOf = useCallback((r: DiscoveryRow) => notesOf?.(r.network, r.account)?.status ?? null, [notesOf]);
  // Sorted by status: the steps' order, as the library and the file sort it.
  const statusRankOf = useCallback((r: DiscoveryRow) => statusRank(steps, statusOf(r)), [steps, statusOf]);
  const shown = useMemo(() => orderRows(rows, sort, statusRankOf), [rows, sort, statusRankOf]);
  // Search answers carry no country or verified mark today (api-notes.md): such a column shows only when some row has it.
  const has = useMemo(
    () => ({
      country: rows.some((r) => r.country !== null),
      verified: rows.some((r) => r.verified !== null),
      avgViews: rows.some((r) => r.avgViews !== null),
      realFollowers: rows.some((r) => r.realFollowers !== null),
      quality: rows.some((r) => r.quality !== null),
      // Your status: a column while some result has one (or the rows are sorted by it).
      status: sort?.key === 'status' || rows.some((r) => statusOf(r) !== null),
    }),
    [rows, sort, statusOf],
  );

  const refused = (e: unknown) => onProblem(e instanceof Error ? e.message : String(e));
  const open = (url: string | null, event: MouseEvent) => {
    event.stopPropagation();
    if (url) void openOutside(url).catch(refused);
  };

  const columns: VirtualColumn<DiscoveryRow, ColumnKey>[] = [
    {
      key: 'account',
      label: 'Account',
      className: 'account-col',
      sortable: true,
      firstOrder: firstOrder('account'),
      cell: (row, { scrolling }) => {
        const name = nameOf(row);
        return (
          <span className="account-cell">
            <RowAvatar url={row.avatarUrl} label={name} scrolling={scrolling} />
            <span className="account-names">
              {row.profileUrl ? (
                <button type="button" className="link account-title" tabIndex={-1} onClick={(e) => open(row.profileUrl, e)} title={`Open ${name} on ${networkLabels[row.network]}`}>
                  {name}
                </button>
              ) : (
                <span className="account-title" title={name}>{name}</span>
              )}
              {row.username && row.title && (
                // Cut when the figures' columns leave little room: whole on hover.
                <span className="muted account-handle" title={accountHandle(row.network, row.username, row.socialId)}>
                  {accountHandle(row.network, row.username, row.socialId)}
                </span>
              )}
              <RowNotes notes={notesOf?.(row.network, row.account) ?? null} showStatus={!has.status} />
            </span>
          </span>
        );
      },
    },
    ...(has.status
      ? [{ key: 'status', label: 'Status', sortable: true, firstOrder: firstOrder('status'), cell: (row: DiscoveryRow) => <StatusName status={statusOf(row)} /> } as const]
      : []),
    {
      key: 'followers',
      label: 'Followers',
      numeric: true,
      sortable: true,
      firstOrder: firstOrder('followers'),
      title: (row) => (row.followers === null ? undefined : formatExact(row.followers)),
      cell: (row) => formatMetric(row.followers, 'count'),
    },
    {
      key: 'er',
      label: 'Engagement rate',
      numeric: true,
      sortable: true,
      firstOrder: firstOrder('er'),
      title: (row) => (row.er === null ? undefined : formatExact(row.er, 'percent')),
      cell: (row) => formatMetric(row.er, 'percent'),
    },
    ...(has.avgViews
      ? [
          {
            key: 'avgViews',
            label: 'Average views',
            numeric: true,
            sortable: true,
            firstOrder: firstOrder('avgViews'),
            title: (row: DiscoveryRow) => (row.avgViews === null ? undefined : formatExact(row.avgViews)),
            cell: (row: DiscoveryRow) => formatMetric(row.avgViews, 'count'),
          } as const,
        ]
      : []),
    ...(has.realFollowers
      ? [
          {
            key: 'realFollowers',
            label: 'Real followers',
            numeric: true,
            sortable: true,
            firstOrder: firstOrder('realFollowers'),
            title: (row: DiscoveryRow) => (row.realFollowers === null ? undefined : formatExact(row.realFollowers)),
            cell: (row: DiscoveryRow) => formatMetric(row.realFollowers, 'count'),
          } as const,
        ]
      : []),
    ...(has.quality
      ? [{ key: 'quality', label: 'Quality', sortable: true, firstOrder: firstOrder('quality'), cell: (row: DiscoveryRow) => (row.quality ? <span className={`mark mark-${row.quality}`}>{markWords(row.quality)}</span> : '—') } as const]
      : []),
    ...(has.country ? [{ key: 'country', label: 'Country', sortable: true, firstOrder: firstOrder('country'), cell: (row: DiscoveryRow) => (row.country ? countryName(row.country) : '—') } as const] : []),
    ...(has.verified
      ? [{ key: 'verified', label: 'Verified', sortable: true, firstOrder: firstOrder('verified'), cell: (row: DiscoveryRow) => (row.verified === null ? '—' : row.verified ? 'Verified' : 'No') } as const]
      : []),
    {
      key: 'linked',
      label: 'Other networks',
      className: 'linked-col',
      cell: (row) => {
        const others = row.linked.filter((l) => l.profileUrl && !(l.network === row.network && (l.socialId === row.socialId || l.username === row.username)));
        return others.length === 0 ? (
          <span className="muted">—</span>
        ) : (
          others.map((l, i) => (
            <button
              key={`${l.type}:${l.socialId ?? l.username ?? i}`}
              type="button"
              className="link linked-account"
              tabIndex={-1}
              onClick={(e) => open(l.profileUrl, e)}
              title={`Open ${l.title ?? l.username ?? 'this account'} on ${l.network ? networkLabels[l.network] : l.type}`}
            >
              {l.network ? networkLabels[l.network] : l.type}
            </button>
          ))
        );
      },
    },
    {
      key: 'order',
      label: 'Page',
      numeric: true,
      className: 'muted',
      sortable: true,
      firstOrder: firstOrder('order'),
      title: (row) => `Page ${row.page}, result ${row.position + 1}`,
      cell: (row) => `${row.page} · #${row.position + 1}`,
    },
  ];

  return (
    <VirtualTable<DiscoveryRow, ColumnKey>
      label="Search results"
      className="table discovery-results-table"
      scrollClassName="discovery-results-scroll"
      scrollTestId="results-scroll"
      columns={columns}
      rows={shown}
      rowKey={rowKey}
      rowHeight={ROW_HEIGHT}
      // Fixed heights: a fast scroll updates the same few dozen rows instead of building new ones
      // every frame (a row's status and tags sit on its name's line).
      reuse="slot"
      sort={sort}
      onSortChange={(next) => onSortChange(next as SortState<ResultSortKey>)}
      selection={selection}
      onSelectionChange={onSelectionChange}
      rowLabel={nameOf}
      selectAllLabel={(n) => `Select all ${n} results`}
      selectAllTestId="select-all-results"
      keyboard
      onOpen={(row) => {
        if (row.profileUrl) void openOutside(row.profileUrl).catch(refused);
      }}
      rowProps={(row) => ({ 'data-testid': 'result-row', 'data-key': row?.key, 'data-account': row?.account ?? undefined })}
    />
  );
}
