// The report's companion tabs: media, metrics history and brand mentions, each from the cache
// first (main fetches on first open), each with a Refresh that asks the API again. Media and
// mentions cost nothing; history unlocks a report, so when it would cost a credit the tab says so
// and waits for a confirmation. A failed refresh (offline, say) keeps the cached answer on screen.
import { useMemo, useState, type ReactNode } from 'react';
import type { CachedDocument, CostQuote, Network } from '@shared/reports';
import type { RequestOf } from '@shared/contract';
import { useScout } from '../../store';
import { errorMessage, scout } from '../../shared/scoutClient';
import { useScoutQuery } from '../../shared/useScoutQuery';
import { formatAge, formatCount, formatDateTime, plural } from '../../shared/format';
import { Avatar } from '../../shared/Avatar';
import { openOutside } from '../../shared/ui';
import { accountUrl, postUrl } from '@shared/networkLinks';
import { Chart } from '../../shared/Chart';
import { seriesOption } from './model/chartOptions';
import { metricsHistorySeries } from './model/series';
import { formatMetric } from './reportModel';
import { costText, spendLabel } from '../../shared/labels';

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

/** A period key's length in days, for ordering: '7d' → 7, 'all' → ∞; unknown keys sort first. */
function periodDays(period: string): number {
  if (period === 'all') return Infinity;
  const m = /^(\d+)([dwmy])$/.exec(period);
  if (!m) return -1;
  return Number(m[1]) * { d: 1, w: 7, m: 30, y: 365 }[m[2] as 'd' | 'w' | 'm' | 'y'];
}

/** The periods an answer carries, shortest first. */
export function carriedPeriods(performance: unknown): string[] {
  return Object.keys(obj(performance)).sort((a, b) => periodDays(a) - periodDays(b));
}

/** The chosen period when the answer has it, else `preferred` when it has that, else its longest. */
export function pickPeriod(periods: readonly string[], chosen: string | null, preferred: string): string {
  if (chosen !== null && periods.includes(chosen)) return chosen;
  if (periods.includes(preferred)) return preferred;
  return periods[periods.length - 1] ?? '';
}

type Channel = 'media:get' | 'history:get' | 'mentions:get';

/**
 * One companion document: opened from the cache (or fetched) once per request, keyed by the whole
 * request (network, account, page), so a route change to another network or account never shows
 * the previous one's data, and a late answer for a request the page has left is ignored. A failed
 * refresh keeps the answer already on screen.
 */
function useDocument<C extends Channel>(channel: C, request: RequestOf<C>) {
  // Each workspace has its own cache: its answer is another document.
  const workspace = useScout((s) => s.workspace?.active ?? null);
  // `requestKey` stands for the request's contents.
  const requestKey = JSON.stringify(request);
  const key = `${workspace} ${channel} ${requestKey}`;
  const read = useScoutQuery(() => scout.invoke(channel, JSON.parse(requestKey) as RequestOf<C>) as Promise<CachedDocument | null>, [channel, requestKey]);
  // The extra request fields of the latest ask (`refresh`), to repeat it confirmed if it fails; `after`: the answers landed before it.
  const [lastAsk, setLastAsk] = useState<{ key: string; after: number; more: Json } | null>(null);

  /** Asks again with more fields (`refresh`, `confirmedCost`); the shown answer stays until the new one lands. */
  const ask = (more: Partial<RequestOf<C>>): Promise<void> => {
    setLastAsk({ key, after: read.answers, more: more as Json });
    return read.refresh(() => scout.invoke(channel, { ...(JSON.parse(requestKey) as RequestOf<C>), ...more } as RequestOf<C>) as Promise<CachedDocument | null>);
  };

  const failedAsk = read.error !== null && lastAsk?.key === key && lastAsk.after + 1 === read.answers;
  return {
    key,
    workspace,
    seq: read.answers,
    doc: read.data ?? null,
    error: read.error,
    code: read.errorCode,
    asked: failedAsk ? lastAsk.more : {},
    loading: read.answers === 0,
    busy: read.loading && read.answers > 0,
    ask,
    refresh: () => ask({ refresh: true } as Partial<RequestOf<C>>),
  };
}

interface DocumentState {
  loading: boolean;
  busy: boolean;
  error: string | null;
  doc: CachedDocument | null;
  refresh: () => Promise<void>;
}

/** Loading, the last error, and for a cached answer its age with a Refresh button beside it. */
function Status({ state, what, hint, note, showError = true }: { state: DocumentState; what: string; hint: string; note?: ReactNode; showError?: boolean }) {
  const { loading, error, doc, busy } = state;
  if (loading) return <p className="muted" aria-live="polite">Loading…</p>;
  return (
    <>
      {showError && error && (
        <p className="feedback error" role="alert">
          {error}
          {doc && ' The cached answer is still shown.'}
        </p>
      )}
      {doc && (
        <div className="toolbar" data-testid="companion-status">
          <span className="muted" data-testid="fetched-at" data-fetched-at={doc.fetchedAt} title={formatDateTime(doc.fetchedAt)}>
            Fetched {formatAge(doc.fetchedAt)}.
          </span>
          <button type="button" className="icon-button" aria-label={`Refresh ${what}`} title={hint} disabled={busy} onClick={() => void state.refresh()}>
            Refresh
          </button>
          {note}
          <span className="muted" aria-live="polite">
            {busy ? 'Refreshing…' : ''}
          </span>
        </div>
      )}
    </>
  );
}

const free = <span className="muted">Refresh: free.</span>;

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
  const state = useDocument('media:get', { network: 'instagram', account });
  const { doc } = state;
  const [group, setGroup] = useState<(typeof igGroups)[number]>('all');
  const [sort, setSort] = useState<string>('time_posted_desc');
  const [period, setPeriod] = useState<string | null>(null);
  const lists = obj(obj(obj(doc?.result.media_ids)[group])[sort]).performance;
  const periods = carriedPeriods(lists);
  const shownPeriod = pickPeriod(periods, period, '30d');
  const chosen = obj(obj(lists)[shownPeriod]);
  const ids = arr(chosen.media_ids).map(String);
  const media = obj(doc?.result.media);
  const metrics = obj(chosen.metrics);
  return (
    <div data-testid="media-tab">
      <Status state={state} what="media" hint="Asks the API for this account's media again. Free: media cost no credits (the report must be unlocked)." note={free} />
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
            <select aria-label="Media period" value={shownPeriod} onChange={(e) => setPeriod(e.target.value)}>
              {periods.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
            <span className="muted">
              {plural(ids.length, 'post')} · average likes {formatMetric(num(obj(metrics.likes_avg).value), 'count')} · comments {formatMetric(num(obj(metrics.comments_avg).value), 'count')}
            </span>
          </div>
          <MediaGrid
            key={`${state.key} ${group} ${sort} ${shownPeriod}`}
            items={ids.map((id) => {
              const m = obj(media[id]);
              const basic = obj(m.basic);
              const mm = obj(m.metrics);
              return {
                id,
                thumbnail: str(basic.thumbnail) || null,
                url: postUrl('instagram', { code: str(basic.code) }),
                title: str(basic.caption),
                line: `${formatMetric(num(mm.likes_count), 'count')} likes · ${formatMetric(num(mm.comments_count), 'count')} comments${num(mm.er) !== null ? ` · ER ${formatMetric(num(mm.er), 'percent')}` : ''}`,
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
  // The page belongs to the account it was chosen for: another account opens on page 1.
  const [paging, setPaging] = useState({ account, page: 1 });
  const page = paging.account === account ? paging.page : 1;
  const setPage = (p: number) => setPaging({ account, page: p });
  const state = useDocument('media:get', { network: 'youtube', account, page });
  const { doc } = state;
  const total = num(doc?.result.total_pages) ?? 1;
  return (
    <div data-testid="media-tab">
      <Status state={state} what="media" hint="Asks the API for this page of media again. Free: media cost no credits (the report must be unlocked)." note={free} />
      {doc && (
        <>
          <MediaGrid
            key={state.key}
            items={arr(doc.result.media).map((v) => {
              const m = obj(v);
              const metrics = obj(m.metrics);
              return {
                id: str(m.id),
                thumbnail: str(m.thumbnail) || null,
                url: postUrl('youtube', { id: str(m.id) }),
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

/** How many media a grid draws at first, and adds per "Show more". */
const MEDIA_STEP = 120;

/** A link out of Scout: main's allow-list checks it; a refusal is said where the link was. */
function OutLink({ url, label, children, className, onRefused }: { url: string; label?: string; children: ReactNode; className?: string; onRefused: (why: string) => void }) {
  return (
    <a
      href={url}
      className={className}
      aria-label={label}
      target="_blank"
      rel="noreferrer"
      onClick={(e) => {
        e.preventDefault();
        openOutside(url).catch((error: unknown) => onRefused(errorMessage(error)));
      }}
    >
      {children}
    </a>
  );
}

function MediaGrid({ items }: { items: { id: string; thumbnail: string | null; url: string | null; title: string; line: string; when: number | null }[] }) {
  const [limit, setLimit] = useState(MEDIA_STEP);
  const [refused, setRefused] = useState<string | null>(null);
  if (items.length === 0) return <p className="muted">No media in this selection.</p>;
  const shown = items.slice(0, limit);
  return (
    <>
      {refused && <p className="feedback error" role="alert">{refused}</p>}
      <ul className="media-grid">
        {shown.map((item) => (
          <li key={item.id} data-testid="media-item">
            {item.url ? (
              <OutLink url={item.url} className="media-open" label={`Open the post: ${item.title || item.id}`} onRefused={setRefused}>
                <Avatar url={item.thumbnail} label={item.title || item.id} size={150} square fill />
              </OutLink>
            ) : (
              <Avatar url={item.thumbnail} label={item.title || item.id} size={150} square fill />
            )}
            <p className="media-title" title={item.title}>
              {item.title || item.id}
            </p>
            <p className="muted">{item.line}</p>
            {item.when && <p className="muted">{new Date(item.when * 1000).toLocaleDateString()}</p>}
          </li>
        ))}
      </ul>
      {shown.length < items.length && (
        <div className="pager" data-testid="media-more">
          <span className="muted">
            Showing {formatCount(shown.length)} of {formatCount(items.length)}.
          </span>
          <button type="button" onClick={() => setLimit(limit + MEDIA_STEP)}>
            Show {formatCount(Math.min(MEDIA_STEP, items.length - shown.length))} more
          </button>
        </div>
      )}
    </>
  );
}

export function HistoryTab({ network, account }: { network: 'instagram' | 'twitter'; account: string }) {
  const state = useDocument('history:get', { network, account, confirmedCost: 0 });
  const { doc, error, code, busy } = state;
  // What asking again costs (history unlocks the report), quoted again after every answer: a
  // quote older than the answer on screen is not offered (main has just said the cost changed).
  const { key, seq } = state;
  const quoted = useScoutQuery(async (): Promise<{ key: string; seq: number; quote: CostQuote }> => ({ key, seq, quote: await scout.invoke('reports:quote', { network, account }) }), [key, seq, network, account], {
    keepPrevious: true,
  }).data;
  const lastQuote = quoted?.key === key ? quoted.quote : null;
  const quote = quoted?.key === key && quoted.seq === seq ? quoted.quote : null;
  const series = useMemo(
    () => metricsHistorySeries(network, doc?.result.metrics_history),
    [doc, network],
  );
  const options = useMemo(() => series.map(seriesOption), [series]);
  const verb = state.asked.refresh ? 'refresh' : 'fetch';
  // The spend names the workspace it was confirmed in: main refuses it if another one is active by then.
  const confirm = (cost: 0 | 1) => {
    const more: Partial<RequestOf<'history:get'>> = { ...(state.asked as Partial<RequestOf<'history:get'>>), confirmedCost: cost };
    if (state.workspace) more.workspace = state.workspace;
    void state.ask(more).then(() => useScout.getState().refreshPlan());
  };
  return (
    <div data-testid="history-tab">
      {code === 'COST_CHANGED' && (
        <div className="callout warning" role="alert" data-testid="history-confirmation">
          <p>{error}</p>
          {quote && (
            <div className="actions">
              <button type="button" className="primary" disabled={busy} onClick={() => confirm(quote.cost)}>
                {quote.cost ? spendLabel(quote, `${verb} the history`) : `${verb === 'refresh' ? 'Refresh' : 'Fetch'} the history for free`}
              </button>
              <span className="muted" aria-live="polite">
                {busy ? 'Fetching…' : ''}
              </span>
            </div>
          )}
        </div>
      )}
      <Status
        state={state}
        what="history"
        hint="Asks the API for the metrics history again. This unlocks the report: free while it is unlocked, otherwise Scout asks before spending a credit."
        showError={code !== 'COST_CHANGED'}
        note={lastQuote && <span className="muted">Refresh: {costText(lastQuote)}{lastQuote.cost ? ' (asks first)' : ''}.</span>}
      />
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
  const state = useDocument('mentions:get', { network, account });
  const { doc } = state;
  const [picked, setPicked] = useState<{ key: string; period: string } | null>(null);
  // TikTok answers per period; offer only the periods this answer carries.
  const performance = obj(obj(doc?.result.mentions).performance);
  const periods = carriedPeriods(performance);
  const period = pickPeriod(periods, picked?.key === state.key ? picked.period : null, '90d');
  const [refused, setRefused] = useState<string | null>(null);
  let rows: { name: string; detail: string; url: string | null }[] = [];
  if (doc && network === 'tiktok') {
    const data = obj(obj(performance[period]).data);
    const users = obj(doc.result.users);
    rows = Object.entries(data).map(([channel, v]) => {
      const m = obj(v);
      const user = obj(users[channel]);
      return {
        name: str(user.title) || channel,
        url: accountUrl('tiktok', { username: str(user.username) || channel }),
        detail: `${formatMetric(num(m.mentioned_posts_count), 'count')} posts · ${formatMetric(num(m.mentioned_posts_views), 'count')} views · ER ${formatMetric(num(m.mentioned_posts_er), 'percent')}`,
      };
    });
  } else if (doc) {
    rows = arr(doc.result.mentions).map((v) => {
      const m = obj(v);
      const metrics = obj(m.metrics);
      const basic = obj(m.basic);
      return {
        name: str(basic.title) || str(basic.unique_id),
        url: accountUrl('youtube', { channelId: str(basic.id), username: str(basic.unique_id) }),
        detail: `${formatCount(num(obj(metrics.views_total).value))} views · ${formatCount(num(obj(metrics.links_count).value))} links`,
      };
    });
  }
  return (
    <div data-testid="mentions-tab">
      <Status state={state} what="brand mentions" hint="Asks the API for the brand mentions again. Free: brand mentions cost no credits." note={free} />
      {network === 'tiktok' && doc && periods.length > 0 && (
        <select aria-label="Mentions period" value={period} onChange={(e) => setPicked({ key: state.key, period: e.target.value })}>
          {periods.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      )}
      {refused && <p className="feedback error" role="alert">{refused}</p>}
      {doc && rows.length === 0 && <p className="muted">No brand mentions {network === 'tiktok' ? 'in this period' : 'found'}.</p>}
      <ul className="mentions">
        {rows.map((r) => (
          <li key={r.name} data-testid="mention">
            {r.url ? (
              <OutLink url={r.url} label={`${r.name} on ${network === 'tiktok' ? 'TikTok' : 'YouTube'}`} onRefused={setRefused}>
                <strong>{r.name}</strong> ↗
              </OutLink>
            ) : (
              <strong>{r.name}</strong>
            )}{' '}
            <span className="muted">{r.detail}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
