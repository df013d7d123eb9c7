// Instagram's media in the Media tab: by type (posts, reels, IGTV), sort and period, as the report
// answer carries them.
import { useState } from 'react';
import { plural } from '../../../shared/format';
import { postUrl } from '@shared/networkLinks';
import { formatMetric } from '../reportModel';
import { useDocument } from './useDocument';
import { DocumentStatus, free } from './DocumentStatus';
import { MediaGrid } from './MediaGrid';
import { obj, arr, num, str, carriedPeriods, pickPeriod } from './companion';

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
  const lists = obj(obj(obj(doc?.result.media_ids)[group])[sort]).performance;
  const periods = carriedPeriods(lists);
  const shownPeriod = pickPeriod(periods, period, '30d');
  const chosen = obj(obj(lists)[shownPeriod]);
  const ids = arr(chosen.media_ids).map(String);
  const media = obj(doc?.result.media);
  const metrics = obj(chosen.metrics);
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
