// Instagram's media in the Media tab: by type (posts, reels, IGTV), sort and period, as the report
// answer carries them.
import { useMemo, useRef, useState } from 'react';
import type { InstagramPostView } from '@shared/companions';
import { plural, PERIOD_WORDS } from '@shared/format';
import { noPostsText } from '@shared/labels';
import { EmptyState } from '../../../shared/ui';
import { formatMetric } from '@shared/reportModel/reportModel';
import { useDocument } from './useDocument';
import { DocumentStatus, free } from './DocumentStatus';
import { MediaGrid, type MediaTile } from './MediaGrid';
import { pickPeriod } from './companion';

const igGroups = ['all', 'posts', 'reels', 'igtv'] as const;
const igSorts = [
  ['time_posted_desc', 'Newest'],
  ['er_desc', 'Engagement'],
  ['likes_desc', 'Likes'],
  ['comments_desc', 'Comments'],
  ['views_desc', 'Views'],
] as const;

export function InstagramMedia({ account }: { account: string }) {
  const state = useDocument('media:get', { network: 'instagram', account });
  const { doc } = state;
  const [group, setGroup] = useState<(typeof igGroups)[number]>('all');
  const [sort, setSort] = useState<string>('time_posted_desc');
  const [period, setPeriod] = useState<string | null>(null);
  const view = doc?.view.network === 'instagram' ? doc.view : null;
  const posts = useMemo(() => new Map<string, InstagramPostView>(view?.posts.map((p) => [p.id, p])), [view]);
  // The lists of this type and sort, one per period the answer carries (shortest first).
  const lists = view?.lists.filter((l) => l.group === group && l.sort === sort) ?? [];
  const periods = lists.map((l) => l.period);
  const shownPeriod = pickPeriod(periods, period, '30d');
  const chosen = lists.find((l) => l.period === shownPeriod) ?? null;
  const ids = chosen?.postIds ?? [];
  // A selection without posts offers the next longer period that has some, in one step.
  const longer = ids.length === 0 ? (lists.slice(lists.indexOf(chosen!) + 1).find((l) => l.postIds.length > 0)?.period ?? null) : null;
  const periodSelect = useRef<HTMLSelectElement>(null);
  return (
    <div data-testid="media-tab">
      <DocumentStatus state={state} what="media" hint="Asks the API for this account's media again. Free: media cost no credits (the report must be unlocked)." note={free} />
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
            <select aria-label="Media period" ref={periodSelect} value={shownPeriod} onChange={(e) => setPeriod(e.target.value)}>
              {periods.map((p) => (
                <option key={p} value={p}>
                  {periodWords(p)}
                </option>
              ))}
            </select>
            {ids.length > 0 && (
              <span className="muted" data-testid="media-figures">
                {plural(ids.length, 'post')} · average likes {formatMetric(chosen?.likesAvg ?? null, 'count')} · comments {formatMetric(chosen?.commentsAvg ?? null, 'count')}
                {chosen?.viewsAvg != null && ` · video views ${formatMetric(chosen.viewsAvg, 'count')}`}
              </span>
            )}
          </div>
          {ids.length === 0 && chosen ? (
            // No "0 posts · average likes 0": the period holds no posts, and a longer one is a click away.
            <EmptyState
              testId="media-empty"
              title={`${noPostsText('instagram', isPeriodWord(shownPeriod) ? shownPeriod : null)}${group !== 'all' ? ' of this type' : ''}.`}
              actions={
                longer && (
                  <button
                    type="button"
                    onClick={() => {
                      setPeriod(longer);
                      // The button goes with the empty selection: the keyboard stays on the period chosen.
                      periodSelect.current?.focus();
                    }}
                  >
                    Show the last {periodWords(longer)}
                  </button>
                )
              }
            >
              {longer ? 'A longer period has posts.' : 'No longer period of this answer has any either.'}
            </EmptyState>
          ) : (
            <MediaGrid key={`${state.key} ${group} ${sort} ${shownPeriod}`} items={ids.map((id) => tile(id, posts.get(id)))} />
          )}
        </>
      )}
    </div>
  );
}

const isPeriodWord = (period: string): period is keyof typeof PERIOD_WORDS => Object.hasOwn(PERIOD_WORDS, period);

/** '30 days' for '30d'; a period key Scout has no words for as given. */
function periodWords(period: string): string {
  return isPeriodWord(period) ? PERIOD_WORDS[period] : period;
}

/** A post of the chosen list; an id the answer carries no post for shows as its id. */
function tile(id: string, post: InstagramPostView | undefined): MediaTile {
  const likes = post?.likes ?? null;
  const comments = post?.comments ?? null;
  const er = post?.er ?? null;
  return {
    id,
    thumbnail: post?.thumbnailUrl ?? null,
    url: post?.url ?? null,
    title: post?.caption ?? '',
    line: `${formatMetric(likes, 'count')} likes · ${formatMetric(comments, 'count')} comments${er !== null ? ` · ER ${formatMetric(er, 'percent')}` : ''}`,
    when: post?.postedAt ?? null,
  };
}
