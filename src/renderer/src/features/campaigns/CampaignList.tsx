// The campaigns of this workspace, the latest edited first, and the way to a new one.
import type { CampaignSummary } from '@shared/campaigns';
import { useScout } from '../../store';
import { scout } from '../../data/scoutClient';
import { useScoutQuery } from '../../data/useScoutQuery';
import { teamReceived } from '../../data/scoutQuery';
import { EmptyState, ErrorState, formatDay, plural } from '../../shared/ui';

export function CampaignList({ current, creating }: { current: number | null; creating: boolean }) {
  const navigate = useScout((s) => s.navigate);
  const listed = useScoutQuery(() => scout.invoke('campaigns:list', {}), [], { keepPrevious: true, reads: ['campaigns'], refreshOn: [teamReceived('campaign')] });
  const list: CampaignSummary[] | null = listed.data ?? null;
  return (
    <nav className="card campaign-list" aria-labelledby="campaign-list-title" data-testid="campaign-list">
      <h2 id="campaign-list-title">All campaigns</h2>
      <button type="button" className="primary" aria-current={creating ? 'page' : undefined} onClick={() => navigate('campaigns', ['new'])}>
        New campaign
      </button>
      {listed.error && <ErrorState title="The campaigns could not be read.">{listed.error}</ErrorState>}
      {list && list.length === 0 && (
        <EmptyState title="No campaigns yet.">Plan one for a client: its creators come from the library, the shortlist or a list.</EmptyState>
      )}
      {list && list.length > 0 && (
        <ul className="saved-list">
          {list.map((c) => (
            <li key={c.id} aria-current={c.id === current ? 'page' : undefined} data-testid={`campaign-${c.id}`}>
              <a
                href={`#/campaigns/${c.id}`}
                onClick={(e) => {
                  e.preventDefault();
                  navigate('campaigns', [String(c.id)]);
                }}
              >
                {c.name}
              </a>
              <span className="muted">
                {' '}
                · {c.client} · {formatDay(c.window.from)} to {formatDay(c.window.to)} · {plural(c.creators, 'creator')}
                {c.startedAt !== null ? ' · started' : ' · planning'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
