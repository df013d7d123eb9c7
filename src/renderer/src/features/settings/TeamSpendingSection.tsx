// Settings → Team spending, for a workspace with a team; nothing at all otherwise.
import { scout } from '../../data/scoutClient';
import { useScoutQuery } from '../../data/useScoutQuery';
import { ErrorState } from '../../shared/ui';
import { TeamSpendingView } from './TeamSpendingView';

export function TeamSpendingSection() {
  // Read again when the balances move (a spend here); a teammate's spends show on the next visit.
  const spending = useScoutQuery(() => scout.invoke('team:spending', {}), [], { keepPrevious: true, refreshOn: ['plan:changed'] });
  // Demo and Production have no team: the section is not there (nor while it is first asked).
  if (spending.data?.team === false || (spending.data === undefined && !spending.error)) return null;
  return (
    <div className="card">
      <h2>Team spending</h2>
      {spending.error && <ErrorState title="The team's spending cannot be shown now.">{spending.error}</ErrorState>}
      {spending.data?.team && <TeamSpendingView spending={spending.data} currentMonth={new Date().toISOString().slice(0, 7)} />}
    </div>
  );
}
