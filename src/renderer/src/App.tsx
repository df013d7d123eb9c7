import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import { followRuns } from './data/runs';
import { shell, useShell } from './data/useShell';
import { useScout } from './store';
import { pageFromHash, pages, subpathFromHash, type PageId } from './pages';
import { AccountsPage, reportViewCode } from './features/accounts/AccountsPage';
import { Sidebar } from './shell/Sidebar';
import { TopBar } from './shell/TopBar';
import { NoticeBanner } from './shell/NoticeBanner';
import { TeamNoticesBanner } from './shell/TeamNoticesBanner';
import { CompareTray } from './features/compare/CompareTray';
import { windowTitle } from './shell/windowTitle';
import { FocusTip } from './shared/ui/FocusTip';
import { ErrorBoundary } from 'react-error-boundary';
import { PageFailed } from './shell/Failed';

// The first page (the accounts library) comes with the app; every other page's code, and the
// report page's, is loaded once the first page is drawn (or when the page is opened before
// that), so the first page is drawn without parsing the rest.
const pageCode = {
  report: reportViewCode,
  tracking: () => import('./features/tracking/TrackingPage'),
  settings: () => import('./features/settings/SettingsPage'),
  compare: () => import('./features/compare/ComparePage'),
  competitor: () => import('./features/competitor/CompetitorPage'),
  archive: () => import('./features/archive/ArchivePage'),
  lists: () => import('./features/lists/ListsPage'),
  creators: () => import('./features/creators/CreatorsPage'),
  discovery: () => import('./features/discovery/DiscoveryPage'),
  campaigns: () => import('./features/campaigns/CampaignsPage'),
};
const SettingsPage = lazy(() => pageCode.settings().then((m) => ({ default: m.SettingsPage })));
const ComparePage = lazy(() => pageCode.compare().then((m) => ({ default: m.ComparePage })));
const CompetitorPage = lazy(() => pageCode.competitor().then((m) => ({ default: m.CompetitorPage })));
const ArchivePage = lazy(() => pageCode.archive().then((m) => ({ default: m.ArchivePage })));
const ListsPage = lazy(() => pageCode.lists().then((m) => ({ default: m.ListsPage })));
const CreatorsPage = lazy(() => pageCode.creators().then((m) => ({ default: m.CreatorsPage })));
const TrackingPage = lazy(() => pageCode.tracking().then((m) => ({ default: m.TrackingPage })));
const DiscoveryPage = lazy(() => pageCode.discovery().then((m) => ({ default: m.DiscoveryPage })));
const CampaignsPage = lazy(() => pageCode.campaigns().then((m) => ({ default: m.CampaignsPage })));

export function App() {
  const page = useScout((s) => s.page);
  const navigate = useScout((s) => s.navigate);
  const ready = useShell((s) => s.ready);
  const fatalError = useShell((s) => s.fatalError);
  const subpath = useScout((s) => s.subpath);
  const mainRef = useRef<HTMLElement>(null);
  const shownPage = useRef(page);

  // The window (and the task switcher, and the browser tab) says where the researcher is.
  useEffect(() => {
    document.title = windowTitle(page, subpath);
  }, [page, subpath]);

  useEffect(() => {
    followRuns();
    void shell.start();
    const onHash = () => useScout.setState({ page: pageFromHash(window.location.hash), subpath: subpathFromHash(window.location.hash) });
    window.addEventListener('hashchange', onHash);
    // Ctrl+0…9 (Cmd on macOS) jumps to a page from anywhere.
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      const target = pages.find((p) => p.key === event.key);
      if (target) {
        event.preventDefault();
        const same = useScout.getState().page === target.id;
        navigate(target.id);
        // Asked for the page already shown: the keyboard still goes to its heading.
        if (same) setTimeout(() => mainRef.current?.querySelector<HTMLElement>('h1')?.focus());
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('hashchange', onHash);
      window.removeEventListener('keydown', onKey);
    };
  }, [navigate]);

  // The other pages' code, a few seconds after start when the browser is idle (not while the
  // first page waits for its rows): opening one is then at once.
  useEffect(() => {
    if (!ready) return;
    let idle: number | undefined;
    const later = setTimeout(() => {
      idle = requestIdleCallback(() => Object.values(pageCode).forEach((load) => void load().catch(() => undefined)));
    }, 3_000);
    return () => {
      clearTimeout(later);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, [ready]);

  // Move focus to the new page's heading so keyboard and screen-reader users land on it. Not on
  // the first page: there the first Tab stop is "Skip to content", as on any page just opened.
  // Asked by PageShown once the page is shown (a page's code loads the first time it is opened).
  const pageShown = useCallback((shown: PageId) => {
    if (shownPage.current === shown) return;
    shownPage.current = shown;
    // The page left is gone (one Suspense boundary per page); of what is there, a heading shown.
    const headings = [...(mainRef.current?.querySelectorAll<HTMLElement>('h1') ?? [])];
    headings.find((heading) => heading.checkVisibility())?.focus();
  }, []);

  return (
    <div className="app">
      <a className="skip-link" href="#main" onClick={(e) => (e.preventDefault(), mainRef.current?.focus())}>
        Skip to content
      </a>
      <Sidebar />
      <div className="app-body">
        <TopBar />
        <NoticeBanner />
        <TeamNoticesBanner />
        <main id="main" ref={mainRef} tabIndex={-1} className="page" aria-busy={!ready && !fatalError}>
          {/* A page that throws while drawing says so here; going to another page (or this one again) starts it afresh. */}
          <ErrorBoundary FallbackComponent={PageFailed} resetKeys={[page, subpath]}>
            {/* One boundary per page: the page left goes at once, never kept hidden beside the next. */}
            <Suspense key={page} fallback={<PageLoading />}>
            {fatalError ? (
              <div role="alert" className="callout error">
                <h1 tabIndex={-1}>Scout could not open this workspace</h1>
                <p>{fatalError}</p>
                <p className="muted">Your data has not been changed. Choose another workspace in the top bar to keep working.</p>
              </div>
            ) : page === 'settings' ? (
              <SettingsPage />
            ) : page === 'accounts' ? (
              <AccountsPage />
            ) : page === 'compare' ? (
              <ComparePage />
            ) : page === 'competitor' ? (
              <CompetitorPage />
            ) : page === 'archive' ? (
              <ArchivePage />
            ) : page === 'discovery' ? (
              <DiscoveryPage />
            ) : page === 'lists' ? (
              <ListsPage />
            ) : page === 'tracking' ? (
              <TrackingPage />
            ) : page === 'campaigns' ? (
              <CampaignsPage />
            ) : (
              <CreatorsPage key={page satisfies 'creators'} />
            )}
            {/* Remounted with its page by the boundary's key. */}
            <PageShown page={page} onShown={pageShown} />
            </Suspense>
          </ErrorBoundary>
        </main>
        {ready && !fatalError && <CompareTray />}
      </div>
      {/* The tip is a help, never a reason to lose the page. */}
      <ErrorBoundary fallback={null}>
        <FocusTip />
      </ErrorBoundary>
    </div>
  );
}

/** While a page's code loads (a moment, the first time it is opened). */
function PageLoading() {
  return (
    <p className="muted" role="status">
      Opening…
    </p>
  );
}

/**
 * Placed after the page inside its Suspense boundary: its effect runs once the page is shown
 * (its code loaded), after the page's own effects, as the page's would.
 */
function PageShown({ page, onShown }: { page: PageId; onShown: (page: PageId) => void }) {
  useEffect(() => onShown(page), [page, onShown]);
  return null;
}
