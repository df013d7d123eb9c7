import { useEffect, useRef } from 'react';
import { useScout } from './store';
import { pageFromHash, pages, subpathFromHash } from './pages';
import { AccountsPage } from './features/accounts/AccountsPage';
import { Sidebar } from './shell/Sidebar';
import { TopBar } from './shell/TopBar';
import { NoticeBanner } from './shell/NoticeBanner';
import { TeamNoticesBanner } from './shell/TeamNoticesBanner';
import { SettingsPage } from './features/settings/SettingsPage';
import { ComparePage } from './features/compare/ComparePage';
import { CompetitorPage } from './features/competitor/CompetitorPage';
import { ArchivePage } from './features/archive/ArchivePage';
import { CompareTray } from './features/compare/CompareTray';
import { ListsPage } from './features/lists/ListsPage';
import { TrackingPage } from './features/tracking';
import { CreatorsPage } from './features/creators/CreatorsPage';
import { DiscoveryPage } from './features/discovery/DiscoveryPage';
import { windowTitle } from './shell/windowTitle';
import { FocusTip } from './shared/ui/FocusTip';
import { ErrorBoundary } from 'react-error-boundary';
import { PageFailed } from './shell/Failed';

export function App() {
  const page = useScout((s) => s.page);
  const navigate = useScout((s) => s.navigate);
  const ready = useScout((s) => s.ready);
  const fatalError = useScout((s) => s.fatalError);
  const subpath = useScout((s) => s.subpath);
  const mainRef = useRef<HTMLElement>(null);
  const shownPage = useRef(page);

  // The window (and the task switcher, and the browser tab) says where the researcher is.
  useEffect(() => {
    document.title = windowTitle(page, subpath);
  }, [page, subpath]);

  useEffect(() => {
    void useScout.getState().start();
    const onHash = () => useScout.setState({ page: pageFromHash(window.location.hash), subpath: subpathFromHash(window.location.hash) });
    window.addEventListener('hashchange', onHash);
    // Ctrl+1…9 (Cmd on macOS) jumps to a page from anywhere.
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      const index = Number(event.key) - 1;
      const target = pages[index];
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

  // Move focus to the new page's heading so keyboard and screen-reader users land on it. Not on
  // the first page: there the first Tab stop is "Skip to content", as on any page just opened.
  useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    mainRef.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [page]);

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
            ) : (
              <CreatorsPage key={page satisfies 'creators'} />
            )}
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
