// The report's companion tabs: media, metrics history and brand mentions, each from the cache
// first (main fetches on first open). History unlocks a report, so when it would cost a credit
// the tab says so and waits for a confirmation.
import { useEffect, useMemo, useState } from 'react';
import type { CachedDocument, Network } from '@shared/reports';
import type { RequestOf } from '@shared/contract';
import { errorMessage, ScoutCallError, scout } from '../../shared/scoutClient';
import { formatAge, formatCount } from '../../shared/format';
import { Avatar } from '../../shared/Avatar';
import { Chart } from '../../shared/Chart';
import { metricSpec } from './model/catalogue';
import { seriesOption } from './model/chartOptions';
import { formatMetric, type SeriesView } from './reportModel';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

export type CompanionTab = 'media' | 'history' | 'mentions';

/** Which tabs a network's report has (spec 4.5–4.7). */
export function companionTabs(network: Network): CompanionTab[] {
  const tabs: CompanionTab[] = [];
  if (network === 'instagram' || network === 'youtube') tabs.push('media');
  if (network === 'instagram' || network === 'twitter') tabs.push('history');
  if (network === 'tiktok' || network === 'youtube') tabs.push('mentions');
  return tabs;
}

type Channel = 'media:get' | 'history:get' | 'mentions:get';

function useDocument<C extends Channel>(channel: C, request: RequestOf<C>, key: string) {
  const [state, setState] = useState<{ doc: CachedDocument | null; error: string | null; code: string | null; loading: boolean }>({
    doc: null,
    error: null,
    code: null,
    loading: true,
  });
  const [attempt, setAttempt] = useState(0);
  const [extra, setExtra] = useState<Partial<RequestOf<C>>>({});
  useEffect(() => {
    let live = true;
    scout.invoke(channel, { ...request, ...extra } as RequestOf<C>).then(
      (doc) => live && setState({ doc: doc as CachedDocument | null, error: null, code: null, loading: false }),
      (e: unknown) => live && setState({ doc: null, error: errorMessage(e), code: e instanceof ScoutCallError ? e.code : null, loading: false }),
    );
    return () => {
      live = false;
    };
    // `key` stands for the request's contents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [channel, key, attempt, extra]);
  const retry = (more: Partial<RequestOf<C>> = {}) => {
    setState((s) => ({ ...s, loading: true }));
    setExtra(more);
    setAttempt((a) => a + 1);
  };
  return { ...state, retry };
}

function Status({ loading, error, fetchedAt }: { loading: boolean; error: string | null; fetchedAt?: number }) {
  if (loading) return <p className="muted" aria-live="polite">Loading…</p>;
  if (error) return <p className="feedback error" role="alert">{error}</p>;
  return fetchedAt ? <p className="muted">Fetched {formatAge(fetchedAt)}.</p> : null;
}

export function MediaTab({ network, account }: { network: 'instagram' | 'youtube'; account: string }) {
  return network === 'instagram' ? <InstagramMedia account={account} /> : <YoutubeMedia account={account} />;
}

const igGroups = ['all', 'posts', 'reels', 'igtv'] as const;
const igSorts = [
  ['time_posted_desc', 'Newest'],
  ['er_desc', 'Engagement'],
  ['likes_desc', 'Likes'],
  ['comments_desc', 'Comments'],
  ['views_desc', 'Views'],
] as const;

function InstagramMedia({ account }: { account: string }) {
  const { doc, error, loading } = useDocument('media:get', { network: 'instagram', account }, account);
  const [group, setGroup] = useState<(typeof igGroups)[number]>('all');
  const [sort, setSort] = useState<string>('time_posted_desc');
  const [period, setPeriod] = useState('30d');
  const lists = obj(obj(obj(doc?.result.media_ids)[group])[sort]).performance;
  const periods = Object.keys(obj(lists));
  const chosen = obj(obj(lists)[periods.includes(period) ? period : (periods[0] ?? '')]);
  const ids = arr(chosen.media_ids).map(String);
  const media = obj(doc?.result.media);
  const metrics = obj(chosen.metrics);
  return (
    <div data-testid="media-tab">
      <Status loading={loading} error={error} fetchedAt={doc?.fetchedAt} />
      {doc && (
        <>
          <div className="toolbar">
            <select aria-label="Media type" value={group} onChange={(e) => setGroup(e.target.value as typeof group)}>
              {igGroups.map((g) => (
                <option key={g} value={g}>
                  {g === 'all' ? 'All media' : g === 'igtv' ? 'IGTV' : g[0]!.toUpperCase() + g.slice(1)}
                </option>
              ))}
            </select>
            <select aria-label="Sort media by" value={sort} onChange={(e) => setSort(e.target.value)}>
              {igSorts.map(([k, label]) => (
                <option key={k} value={k}>
                  {label}
                </option>
              ))}
            </select>
            <select aria-label="Media period" value={period} onChange={(e) => setPeriod(e.target.value)}>
              {periods.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
            <span className="muted">
              {ids.length} posts · average likes {formatCount(num(obj(metrics.likes_avg).value))} · comments {formatCount(num(obj(metrics.comments_avg).value))}
            </span>
          </div>
          <MediaGrid
            items={ids.map((id) => {
              const m = obj(media[id]);
              const basic = obj(m.basic);
              const mm = obj(m.metrics);
              return {
                id,
                thumbnail: str(basic.thumbnail) || null,
                title: str(basic.caption),
                line: `${formatCount(num(mm.likes_count))} likes · ${formatCount(num(mm.comments_count))} comments${num(mm.er) !== null ? ` · ER ${num(mm.er)!.toFixed(2)} %` : ''}`,
                when: num(basic.time_posted),
              };
            })}
          />
        </>
      )}
    </div>
  );
}

function YoutubeMedia({ account }: { account: string }) {
  const [page, setPage] = useState(1);
  const { doc, error, loading } = useDocument('media:get', { network: 'youtube', account, page }, `${account}:${page}`);
  const total = num(doc?.result.total_pages) ?? 1;
  return (
    <div data-testid="media-tab">
      <Status loading={loading} error={error} fetchedAt={doc?.fetchedAt} />
      {doc && (
        <>
          <MediaGrid
            items={arr(doc.result.media).map((v) => {
              const m = obj(v);
              const metrics = obj(m.metrics);
              return {
                id: str(m.id),
                thumbnail: str(m.thumbnail) || null,
                title: str(m.title),
                line: `${formatCount(num(obj(metrics.views_count).value))} views · ${formatCount(num(obj(metrics.likes_count).value))} likes`,
                when: num(m.time_added),
              };
            })}
          />
          <div className="pager">
            <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </button>
            <span className="muted">
              Page {page} of {total} (50 a page)
            </span>
            <button type="button" disabled={page >= total} onClick={() => setPage(page + 1)}>
              Next
            </button>
          </div>
        </>
      )}
    </div>
  );
}

function MediaGrid({ items }: { items: { id: string; thumbnail: string | null; title: string; line: string; when: number | null }[] }) {
  if (items.length === 0) return <p className="muted">No media in this selection.</p>;
  return (
    <ul className="media-grid">
      {items.slice(0, 120).map((item) => (
        <li key={item.id}>
          <Avatar url={item.thumbnail} label={item.title || item.id} size={96} square />
          <p className="media-title" title={item.title}>
            {item.title || item.id}
          </p>
          <p className="muted">{item.line}</p>
          {item.when && <p className="muted">{new Date(item.when * 1000).toLocaleDateString()}</p>}
        </li>
      ))}
    </ul>
  );
}

/** metrics_history as series, oldest first: `{key: {history: [{time_iso | timestamp, value}]}}`. */
function historySeries(history: Json): SeriesView[] {
  return Object.entries(history).map(([key, value]) => {
    const points: SeriesView['points'] = [];
    for (const p of arr(obj(value).history)) {
      const point = obj(p);
      const time = str(point.time_iso) ? Date.parse(str(point.time_iso)) : (num(point.timestamp) ?? NaN) * 1000;
      const v = num(point.value);
      if (Number.isFinite(time) && v !== null) points.push({ time, value: v });
    }
    return { key, label: key, points: points.sort((a, b) => a.time - b.time) };
  });
}

export function HistoryTab({ network, account }: { network: 'instagram' | 'twitter'; account: string }) {
  const { doc, error, code, loading, retry } = useDocument('history:get', { network, account, confirmedCost: 0 }, account);
  const series = useMemo(
    () => historySeries(obj(doc?.result.metrics_history)).map((s) => ({ ...s, label: metricSpec(s.key, network).label, unit: metricSpec(s.key, network).unit })),
    [doc, network],
  );
  const options = useMemo(() => series.map(seriesOption), [series]);
  return (
    <div data-testid="history-tab">
      {code === 'COST_CHANGED' ? (
        <div className="callout warning" role="alert">
          <p>{error}</p>
          <button type="button" className="primary" onClick={() => retry({ confirmedCost: 1 })}>
            Spend 1 credit and fetch the history
          </button>
        </div>
      ) : (
        <Status loading={loading} error={error} fetchedAt={doc?.fetchedAt} />
      )}
      <div className="charts">
        {series.map((s, i) => (
          <section key={s.key} className="card" aria-label={`${s.label} history`}>
            <h2>{s.label}</h2>
            <Chart option={options[i]!} label={`${s.label}: ${s.points.length} points over time`} />
            <details>
              <summary>Latest values</summary>
              <table className="table compact">
                <tbody>
                  {s.points.slice(-12).map((p) => (
                    <tr key={p.time}>
                      <td>{new Date(p.time).toISOString().slice(0, 10)}</td>
                      <td className="num" title={String(p.value)}>
                        {formatMetric(p.value, s.unit)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </section>
        ))}
      </div>
    </div>
  );
}

export function MentionsTab({ network, account }: { network: 'tiktok' | 'youtube'; account: string }) {
  const { doc, error, loading } = useDocument('mentions:get', { network, account }, account);
  const [period, setPeriod] = useState('90d');
  let rows: { name: string; detail: string }[] = [];
  if (doc && network === 'tiktok') {
    const performance = obj(obj(doc.result.mentions).performance);
    const data = obj(obj(performance[period]).data);
    const users = obj(doc.result.users);
    rows = Object.entries(data).map(([channel, v]) => {
      const m = obj(v);
      return {
        name: str(obj(users[channel]).title) || channel,
        detail: `${formatCount(num(m.mentioned_posts_count))} posts · ${formatCount(num(m.mentioned_posts_views))} views · ER ${num(m.mentioned_posts_er)?.toFixed(2) ?? '—'} %`,
      };
    });
  } else if (doc) {
    rows = arr(doc.result.mentions).map((v) => {
      const m = obj(v);
      const metrics = obj(m.metrics);
      return {
        name: str(obj(m.basic).title) || str(obj(m.basic).unique_id),
        detail: `${formatCount(num(obj(metrics.views_total).value))} views · ${formatCount(num(obj(metrics.links_count).value))} links`,
      };
    });
  }
  return (
    <div data-testid="mentions-tab">
      <Status loading={loading} error={error} fetchedAt={doc?.fetchedAt} />
      {network === 'tiktok' && doc && (
        <select aria-label="Mentions period" value={period} onChange={(e) => setPeriod(e.target.value)}>
          {Object.keys(obj(obj(doc.result.mentions).performance)).map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      )}
      {doc && rows.length === 0 && <p className="muted">No brand mentions in this period.</p>}
      <ul className="mentions">
        {rows.map((r) => (
          <li key={r.name}>
            <strong>{r.name}</strong> <span className="muted">{r.detail}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
