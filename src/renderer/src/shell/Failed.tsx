// What the researcher sees when drawing part of Scout throws (a defect, or an answer no screen
// expected): the page says so in words and offers a way on, instead of React unmounting the whole
// window into a blank page. Nothing of the workspace lives in the renderer, so nothing is lost.
import { getErrorMessage, type FallbackProps } from 'react-error-boundary';

const whatWentWrong = (error: unknown) => getErrorMessage(error) ?? String(error);

/** One page failed: the rest of the window (navigation, workspace, tray) keeps working. */
export function PageFailed({ error, resetErrorBoundary }: FallbackProps) {
  return (
    <div role="alert" className="callout error" data-testid="page-failed">
      <h1 tabIndex={-1}>This page stopped working</h1>
      <p>Part of it could not be drawn. Nothing in your workspace was changed: what was saved, bought or exported stays.</p>
      <p className="muted">Details for a bug report: {whatWentWrong(error)}</p>
      <div className="actions">
        <button type="button" onClick={resetErrorBoundary}>
          Try again
        </button>
        <button type="button" onClick={() => window.location.reload()}>
          Reload Scout
        </button>
      </div>
      <p className="muted">Or choose another page on the left.</p>
    </div>
  );
}

/** The window itself failed (its navigation or top bar): only a reload helps. */
export function WindowFailed({ error }: FallbackProps) {
  return (
    <main className="page" data-testid="window-failed">
      <div role="alert" className="callout error">
        <h1 tabIndex={-1}>Scout stopped drawing this window</h1>
        <p>Nothing in your workspace was changed: what was saved, bought or exported stays.</p>
        <p className="muted">Details for a bug report: {whatWentWrong(error)}</p>
        <div className="actions">
          <button type="button" onClick={() => window.location.reload()}>
            Reload Scout
          </button>
        </div>
      </div>
    </main>
  );
}
