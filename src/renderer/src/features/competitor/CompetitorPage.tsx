// Competitor analysis: create one, watch it calculate (state 0 → 10), read its figures, fetch
// every post into the cache and browse them. The list and everything fetched are kept in the
// workspace's database, so the page works offline from the cache.
import { audienceText } from '@shared/countries';
import { shell, useShell } from '../../data/useShell';
import { useCallback, useEffect, useState } from 'react';
import type { CompetitorAnalysisView, CompetitorProgress } from '@shared/competitor';
import { DataTable, EmptyState, ErrorState, OfflineState, StatusBadge, formatAge, formatCount, formatDate, formatDay, type Column } from '../../shared/ui';
import { errorMessage, scout } from '../../data/scoutClient';
import { useProgress } from '../../data/useProgress';
import { useScoutQuery } from '../../data/useScoutQuery';
import { useScout } from '../../store';
import { CreateAnalysisForm } from './CreateAnalysisForm';
import { CompetitorDashboard } from './CompetitorDashboard';
import { PostBrowser } from './PostBrowser';
import { teamReceived } from '../../data/scoutQuery';

/** How often a calculating analysis is asked about; a check is a free read. */
const CHECK_EVERY_MS = 3000;

function stateBadge(a: CompetitorAnalysisView) {
  if (a.state === 10) return <StatusBadge tone="ok">Ready</StatusBadge>;
  return <StatusBadge tone="info">Calculating</StatusBadge>;
}

export function CompetitorPage() {
  const subpath = useScout((s) => s.subpath);
  const navigate = useScout((s) => s.navigate);
  const connection = useShell((s) => s.connection);
  const workspace = useShell((s) => s.workspace?.active);
  const offline = connection?.mode === 'offline' || connection?.manualOffline === true;
  const [checkError, setCheckError] = useState<string | null>(null);
  const [progress, setProgress] = useState<Record<string, CompetitorProgress>>({});
  const [fetchError, setFetchError] = useState<string | null>(null);

  // The workspace's analyses (each workspace keeps its own), read again when a post fetch ends.
  const list = useScoutQuery(() => scout.invoke('competitor:list', {}), [], {
    keepPrevious: true,
    refreshOn: [{ event: 'competitor:changed', when: (p) => p.phase === 'finished' }, teamReceived('competitor')],
  });
  const analyses = list.data ?? null;
  // Analyses paid for whose answer was lost: said here, as the ledger has them (read again after a create).
  const analysisCount = analyses?.length ?? 0;
  const lost = useScoutQuery(() => scout.invoke('competitor:lost', {}), [], { keepPrevious: true, refreshWhenChanged: [analysisCount] });
  const loadError = list.error;
  const selectedId = subpath[0] ?? null;
  const selected = analyses?.find((a) => a.reportId === selectedId) ?? null;

  const { setData } = list;
  const replace = useCallback(
    (view: CompetitorAnalysisView) =>
      setData((l) => (l ? (l.some((a) => a.reportId === view.reportId) ? l.map((a) => (a.reportId === view.reportId ? view : a)) : [view, ...l]) : [view])),
    [setData],
  );

  // Progress of post fetches, from main's events.
  useProgress('competitor:changed', (p) => {
    if (p.workspace !== shell.activeWorkspace()) return;
    setProgress((m) => ({ ...m, [p.reportId]: p }));
    if (p.phase === 'finished' && p.error) setFetchError(p.error.message);
  });

  // Calculating analyses are asked about until they are ready.
  const calculating = (analyses ?? []).filter((a) => a.state !== 10).map((a) => a.reportId);
  const calculatingKey = calculating.join(',');
  useEffect(() => {
    if (!calculatingKey || offline) return;
    const ids = calculatingKey.split(',');
    const timer = setInterval(() => {
      for (const id of ids) {
        scout
          .invoke('competitor:check', { id })
          .then((v) => (replace(v), setCheckError(null)))
          .catch((e) => setCheckError(errorMessage(e)));
      }
    }, CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, [calculatingKey, offline, replace]);

  const fetchPosts = (id: string) => {
    setFetchError(null);
    if (workspace) setProgress((m) => ({ ...m, [id]: { workspace, reportId: id, phase: 'posts', fetched: selected?.postsCached ?? 0, expected: selected?.aggregates?.mentions ?? null } }));
    scout
      .invoke('competitor:fetchPosts', { id })
      .then(replace)
      .catch((e) => setFetchError(errorMessage(e)));
  };

  const columns: Column<CompetitorAnalysisView>[] = [
    { key: 'brand', label: 'Brand', cell: (a) => `@${a.username ?? '?'}`, sortable: true, sortValue: (a) => a.username ?? '' },
    { key: 'period', label: 'Period', cell: (a) => `${formatDay(a.dateFrom)} – ${formatDay(a.dateTo)}` },
    { key: 'geo', label: 'Audience', cell: (a) => audienceText(a.audienceGeo) },
    { key: 'state', label: 'State', cell: (a) => stateBadge(a) },
    {
      key: 'posts',
      label: 'Posts cached',
      numeric: true,
      cell: (a) => `${formatCount(a.postsCached)}${a.postsComplete ? '' : a.state === 10 ? ' (not all)' : ''}`,
      sortable: true,
      sortValue: (a) => a.postsCached,
    },
    { key: 'updated', label: 'Checked', cell: (a) => formatAge(a.updatedAt), sortable: true, sortValue: (a) => a.updatedAt },
  ];

  const p = selected ? progress[selected.reportId] : undefined;
  const fetching = p?.phase === 'posts';

  return (
    <section aria-labelledby="page-title" data-testid="page-competitor" className="competitor-page">
      <h1 id="page-title" tabIndex={-1}>
        Competitor analysis
      </h1>
      {offline && <OfflineState>Analyses, their figures and cached posts are shown from the cache. Creating or checking an analysis, and fetching posts, wait until you are online.</OfflineState>}
      <CreateAnalysisForm
        offline={offline}
        onCreated={(view) => {
          replace(view);
          navigate('competitor', [view.reportId]);
        }}
      />
      <h2>Analyses</h2>
      {(lost.data?.length ?? 0) > 0 && (
        <div className="callout warning" role="note" data-testid="analyses-lost">
          <p>
            <strong>Paid for, but the answer was lost on the way:</strong>{' '}
            {lost.data!.map((l) => `the analysis of @${l.username} on ${formatDate(l.paidAt)}`).join('; ')}. Scout did not ask again, so as not to pay twice; the
            spending ledger has {lost.data!.length === 1 ? 'it' : 'them'}. Creating {lost.data!.length === 1 ? 'it' : 'them'} again may cost again.
          </p>
        </div>
      )}
      {loadError ? (
        <ErrorState title="The analyses could not be read.">{loadError}</ErrorState>
      ) : analyses === null ? (
        <p className="muted">Reading the cache…</p>
      ) : analyses.length === 0 ? (
        <EmptyState title="No competitor analyses yet.">Create one above: Scout keeps it, its figures and its posts in this workspace.</EmptyState>
      ) : (
        <DataTable
          label="Competitor analyses"
          columns={columns}
          rows={analyses}
          rowKey={(a) => a.reportId}
          onOpen={(a) => navigate('competitor', [a.reportId])}
          rowProps={(a) => ({ 'data-testid': 'analysis-row', 'data-state': String(a.state), 'aria-current': a.reportId === selectedId ? 'true' : undefined })}
        />
      )}
      {checkError && calculating.length > 0 && (
        <p role="alert" className="field-error">
          Checking the analysis failed: {checkError} Scout tries again shortly.
        </p>
      )}
      {selected && (
        <article aria-labelledby="analysis-title" className="competitor-analysis" data-testid="analysis" data-state={String(selected.state)}>
          <h2 id="analysis-title">
            @{selected.username} · {formatDay(selected.dateFrom)} – {formatDay(selected.dateTo)} {stateBadge(selected)}
          </h2>
          <p className="muted">
            Audience {audienceText(selected.audienceGeo)}
            {selected.hashtags.length ? ` · hashtags ${selected.hashtags.map((h) => `#${h}`).join(' ')}` : ''} · created {formatAge(selected.createdAt)}
          </p>
          {selected.state !== 10 ? (
            <div className="callout info" role="status" data-testid="analysis-calculating">
              <progress aria-label="Calculating" />
              <p>
                The API is calculating this analysis (started {formatAge(selected.createdAt)}, last asked {formatAge(selected.updatedAt)}). Scout asks every few
                seconds while this page is open{offline ? ' and you are online' : ''}.
              </p>
            </div>
          ) : (
            <>
              <CompetitorDashboard analysis={selected} />
              <div className="competitor-fetch" data-testid="posts-fetch">
                {fetching ? (
                  <>
                    <progress
                      aria-label="Fetching posts"
                      value={p.fetched}
                      max={Math.max(p.fetched, p.expected ?? p.fetched) || undefined}
                    />
                    <span role="status">
                      Fetching posts: {formatCount(p.fetched)}
                      {p.expected ? ` of about ${formatCount(p.expected)}` : ''}
                    </span>
                    <button type="button" onClick={() => void scout.invoke('competitor:cancelPosts', { id: selected.reportId })}>
                      Cancel
                    </button>
                  </>
                ) : selected.postsComplete ? (
                  <span role="status" data-testid="posts-complete">
                    All {formatCount(selected.postsCached)} posts are in the cache.
                  </span>
                ) : (
                  <>
                    <span>
                      {selected.postsCached ? `${formatCount(selected.postsCached)} posts in the cache, not all of them.` : 'The posts are not in the cache yet.'}
                    </span>
                    <button type="button" className="primary" onClick={() => fetchPosts(selected.reportId)} disabled={offline} data-testid="fetch-posts">
                      {selected.postsCached ? 'Fetch the rest' : 'Fetch all posts'}
                    </button>
                  </>
                )}
                {fetchError && !fetching && (
                  <p role="alert" className="field-error">
                    {fetchError}
                  </p>
                )}
              </div>
              {selected.postsCached > 0 && <PostBrowser key={selected.reportId} analysis={selected} />}
            </>
          )}
        </article>
      )}
      {selectedId && analyses && !selected && <ErrorState title="This analysis is not in this workspace.">Choose one from the list above.</ErrorState>}
    </section>
  );
}
