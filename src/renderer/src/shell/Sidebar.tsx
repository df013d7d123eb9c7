import { useRef, type KeyboardEvent } from 'react';
import { useScout } from '../store';
import { pages } from '../pages';
import { scout } from '../data/scoutClient';
import { useScoutQuery } from '../data/useScoutQuery';
import { plural } from '@shared/format';

const shortcutPrefix = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform) ? '⌘' : 'Ctrl+';

export function Sidebar() {
  const page = useScout((s) => s.page);
  const navigate = useScout((s) => s.navigate);
  const listRef = useRef<HTMLUListElement>(null);

  // Arrow keys move between the links, Home/End jump to the ends (a menu-like list).
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const links = [...(listRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? [])];
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (at < 0) return;
    const next =
      event.key === 'ArrowDown' ? (at + 1) % links.length
      : event.key === 'ArrowUp' ? (at - 1 + links.length) % links.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? links.length - 1
      : -1;
    if (next >= 0) {
      event.preventDefault();
      links[next]?.focus();
    }
  };

  return (
    <nav className="sidebar" aria-label="Main">
      <div className="brand" aria-hidden="true">
        <span className="brand-mark">◎</span> Scout
      </div>
      <ul ref={listRef} onKeyDown={onKeyDown}>
        {pages.map((p) => (
          <li key={p.id}>
            <a
              href={`#/${p.id}`}
              aria-current={page === p.id ? 'page' : undefined}
              onClick={(e) => {
                e.preventDefault();
                navigate(p.id);
              }}
              title={`${p.label} (${shortcutPrefix}${p.key})`}
            >
              <span>{p.label}</span>
              {p.id === 'tracking' && <UnreadAlerts />}
              <kbd aria-hidden="true">{p.key}</kbd>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The unread alerts, beside Tracking: the in-app badge (the desktop app also notifies). */
function UnreadAlerts() {
  const count = useScoutQuery(() => scout.invoke('alerts:count', {}), [], { keepPrevious: true, refreshOn: ['alerts:changed'] }).data?.unread ?? 0;
  if (count === 0) return null;
  return (
    <span className="alert-count" data-testid="unread-alerts">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">, {plural(count, 'unread alert')}</span>
    </span>
  );
}
