// A grid of media thumbnails, each linking to its post; long grids draw in steps.
import { useState } from 'react';
import { formatCount } from '@shared/format';
import { Avatar } from '../../../shared/Avatar';
import { OutLink } from './OutLink';

/** How many media a grid draws at first, and adds per "Show more". */
const MEDIA_STEP = 120;

/** One tile: `when` in epoch ms, null when the date is unknown. */
export interface MediaTile {
  id: string;
  thumbnail: string | null;
  url: string | null;
  title: string;
  line: string;
  when: number | null;
}

export function MediaGrid({ items }: { items: MediaTile[] }) {
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
            {item.when !== null && <p className="muted">{new Date(item.when).toLocaleDateString()}</p>}
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
