// A state in a word and a colour that does not carry the meaning alone: the word is always there.
import type { ReactNode } from 'react';

export type StatusTone = 'ok' | 'neutral' | 'info' | 'warning' | 'error';

export function StatusBadge({ tone, children, title, testId }: { tone: StatusTone; children: ReactNode; title?: string; testId?: string }) {
  return (
    <span className={`status-badge status-${tone}`} title={title} data-tone={tone} data-testid={testId}>
      {children}
    </span>
  );
}
