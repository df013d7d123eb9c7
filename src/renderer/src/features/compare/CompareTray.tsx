// The comparison tray, on every page while something is picked: who is in it, a way to take
// each out, and Compare (off, with the reason beside it, unless 2 to 10 are picked).
import { useId } from 'react';
import { COMPARE_MAX } from '@shared/compare';
import { useScout } from '../../store';
import { Avatar } from '../../shared/Avatar';
import { networkLabels } from '@shared/format';
import { pickKey, trayProblem } from './compareSlice';

export function CompareTray() {
  const picks = useScout((s) => s.comparePicks);
  const remove = useScout((s) => s.removeFromCompare);
  const clear = useScout((s) => s.clearCompare);
  const navigate = useScout((s) => s.navigate);
  const page = useScout((s) => s.page);
  const subpath = useScout((s) => s.subpath);
  const problemId = useId();
  if (picks.length === 0) return null;
  const problem = trayProblem(picks.length);
  // On the Compare page showing the tray itself, the button would go nowhere.
  const showingTray = page === 'compare' && subpath.length === 0;

  const removeAt = (index: number) => {
    remove(pickKey(picks[index]!));
    // The keyboard stays in the tray: on the next account's ×, or on Compare when none is left.
    requestAnimationFrame(() => {
      const buttons = document.querySelectorAll<HTMLButtonElement>('.compare-tray .tray-remove');
      (buttons[Math.min(index, buttons.length - 1)] ?? document.querySelector<HTMLButtonElement>('.compare-tray .tray-compare'))?.focus();
    });
  };

  return (
    <aside className="compare-tray" aria-label="Comparison tray" data-testid="compare-tray">
      <h2 className="tray-title">
        Comparison <span className="muted">({picks.length} of at most {COMPARE_MAX})</span>
      </h2>
      <ul className="tray-items">
        {picks.map((p, i) => {
          const name = p.title ?? p.username;
          return (
            <li key={pickKey(p)} className="tray-item" data-testid={`tray-item-${p.network}-${p.accountKey}`}>
              <Avatar url={p.avatarUrl} label={p.username} size={24} />
              <span className="tray-name" title={`${name} (@${p.username}, ${networkLabels[p.network]})`}>
                {name}
              </span>
              <span className="muted tray-network">{networkLabels[p.network]}</span>
              <button type="button" className="tray-remove icon-button" aria-label={`Remove ${name} (${networkLabels[p.network]}) from the comparison`}
                title={`Remove ${name} (@${p.username}, ${networkLabels[p.network]}) from the comparison`}
                onClick={() => removeAt(i)}>
                ×
              </button>
            </li>
          );
        })}
      </ul>
      <div className="tray-actions">
        {problem && (
          <span className="tray-problem" id={problemId} role="status" data-testid="tray-problem">
            {problem}
          </span>
        )}
        {!showingTray && (
          <button
            type="button"
            className="primary tray-compare"
            disabled={problem !== null}
            aria-describedby={problem ? problemId : undefined}
            onClick={() => navigate('compare')}
          >
            Compare {picks.length}
          </button>
        )}
        <button type="button" className="link" onClick={clear}>
          Clear
        </button>
      </div>
    </aside>
  );
}
