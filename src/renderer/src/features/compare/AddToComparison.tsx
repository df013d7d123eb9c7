// "Add to comparison" on a report page's header: puts the account in the tray, or, once it is
// there, says so and offers to take it out again.
import type { Network, ReportSummary } from '@shared/reports';
import { useScout } from '../../store';
import { pickKey } from './compareSlice';

export function AddToComparison({ network, accountKey, summary }: { network: Network; accountKey: string; summary: ReportSummary }) {
  const key = pickKey({ network, accountKey });
  const inTray = useScout((s) => s.comparePicks.some((p) => pickKey(p) === key));
  const add = useScout((s) => s.addToCompare);
  const remove = useScout((s) => s.removeFromCompare);
  // One button whose words say what it does; the state beside it. It stays the same element, so
  // the keyboard stays on it after a press.
  return (
    <div className="add-to-comparison">
      <button
        type="button"
        data-testid="add-to-comparison"
        onClick={() =>
          inTray ? remove(key) : add([{ network, accountKey, title: summary.title, username: summary.username, avatarUrl: summary.avatarUrl }])
        }
      >
        {inTray ? 'Remove from comparison' : 'Add to comparison'}
      </button>
      <span className="muted" role="status">
        {inTray ? '✓ In the tray' : ''}
      </span>
    </div>
  );
}
