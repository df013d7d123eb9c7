// YouTube's videos in the Media tab, 50 a page as the API pages them.
import { useState } from 'react';
import { formatCount } from '@shared/format';
import { useDocument } from './useDocument';
import { DocumentStatus, free } from './DocumentStatus';
import { MediaGrid } from './MediaGrid';

export function YoutubeMedia({ account }: { account: string }) {
  // The page belongs to the account it was chosen for: another account opens on page 1.
  const [paging, setPaging] = useState({ account, page: 1 });
  const page = paging.account === account ? paging.page : 1;
  const setPage = (p: number) => setPaging({ account, page: p });
  const state = useDocument('media:get', { network: 'youtube', account, page });
  const { doc } = state;
  const view = doc?.view.network === 'youtube' ? doc.view : null;
  const total = view?.totalPages ?? 1;
  return (
    <div data-testid="media-tab">
      <DocumentStatus state={state} what="media" hint="Asks the API for this page of media again. Free: media cost no credits (the report must be unlocked)." note={free} />
      {view && (
        <>
          <MediaGrid
            key={state.key}
            items={view.videos.map((video) => ({
              id: video.id,
              thumbnail: video.thumbnailUrl,
              url: video.url,
              title: video.title ?? '',
              line: `${formatCount(video.views)} views · ${formatCount(video.likes)} likes`,
              when: video.publishedAt,
            }))}
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
