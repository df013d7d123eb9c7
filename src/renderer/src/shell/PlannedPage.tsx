import type { PageId } from '../pages';
import { pages } from '../pages';

// Pages whose feature arrives with a later issue. Each says what it will do, so the
// navigation is honest about what exists today.
const plans: Record<Exclude<PageId, 'settings' | 'accounts' | 'compare' | 'competitor' | 'archive'>, string> = {
  discovery: 'A saved discovery query builder over the search API, showing the discovery calls a run will spend.',
  creators: 'Creator profiles of unlocked reports: contacts and relationship statuses.',
  lists: 'Saved lists of reports from your account.',
};

export function PlannedPage({ page }: { page: Exclude<PageId, 'settings' | 'accounts' | 'compare' | 'competitor' | 'archive'> }) {
  const label = pages.find((p) => p.id === page)?.label ?? page;
  return (
    <section aria-labelledby="page-title" data-testid={`page-${page}`}>
      <h1 id="page-title" tabIndex={-1}>
        {label}
      </h1>
      <div className="callout info">
        <p>
          <strong>Coming next.</strong> {plans[page]}
        </p>
        <p className="muted">Nothing on this page spends credits yet. Accounts, Compare, Competitor analysis, Archive, Settings and workspaces work now.</p>
      </div>
    </section>
  );
}
