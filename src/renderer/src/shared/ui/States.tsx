// What a page or a section shows instead of its content: nothing there yet (EmptyState), no
// network (OfflineState), or a failure (ErrorState). Each says what happened and what to do next.
import type { ReactNode } from 'react';

interface StateProps {
  title: ReactNode;
  children?: ReactNode;
  /** Buttons or links: the next step. */
  actions?: ReactNode;
  testId?: string;
}

export function EmptyState({ title, children, actions, testId }: StateProps) {
  return (
    <div className="callout info ui-state" data-testid={testId} data-state="empty">
      <p>
        <strong>{title}</strong> {children}
      </p>
      {actions && <div className="actions">{actions}</div>}
    </div>
  );
}

export function OfflineState({ title = 'Offline.', children, actions, testId }: Partial<StateProps>) {
  return (
    <div className="callout warning ui-state" role="status" data-testid={testId} data-state="offline">
      <p>
        <strong>{title}</strong> {children ?? 'Cached data stays available; anything that asks the API waits until Scout is online again.'}
      </p>
      {actions && <div className="actions">{actions}</div>}
    </div>
  );
}

export function ErrorState({ title, children, actions, testId }: StateProps) {
  return (
    <div className="callout error ui-state" role="alert" data-testid={testId} data-state="error">
      <p>
        <strong>{title}</strong> {children}
      </p>
      {actions && <div className="actions">{actions}</div>}
    </div>
  );
}
