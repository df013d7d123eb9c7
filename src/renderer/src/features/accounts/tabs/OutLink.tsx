// A link out of Scout from a companion tab.
import type { ReactNode } from 'react';
import { errorMessage } from '../../../data/scoutClient';
import { openOutside } from '../../../shared/ui';

/** A link out of Scout: main's allow-list checks it; a refusal is said where the link was. */
export function OutLink({ url, label, children, className, onRefused }: { url: string; label?: string; children: ReactNode; className?: string; onRefused: (why: string) => void }) {
  return (
    <a
      href={url}
      className={className}
      aria-label={label}
      target="_blank"
      rel="noreferrer"
      onClick={(e) => {
        e.preventDefault();
        openOutside(url).catch((error: unknown) => onRefused(errorMessage(error)));
      }}
    >
      {children}
    </a>
  );
}
