// Settings → Team spending: what each researcher on the team spent, per month and balance, from
// the team ledger (the Team workspace's PostgreSQL). Shown only in a workspace with a team.
import type { TeamSpending } from '@shared/teamSpending';
import { plural } from '@shared/format';
import { EmptyState } from '../../shared/ui/States';
import { StatusBadge } from '../../shared/ui/StatusBadge';
import { teamSpendingMonths } from './teamSpendingModel';

export function TeamSpendingView({ spending, currentMonth }: { spending: TeamSpending & { team: true }; currentMonth: string }) {
  const months = teamSpendingMonths(spending.rows, currentMonth);
  return (
    <div data-testid="team-spending">
      <p className="muted">
        What each researcher on the team spent, by calendar month (UTC), from the team ledger. A call whose cost is not known yet (still out, or its answer
        lost) counts at what it was expected to cost until Scout finds out. Refunds are deducted.
      </p>
      {spending.queued > 0 && (
        <p className="callout warning" role="status" data-testid="team-spending-queued">
          {plural(spending.queued, 'spend')} of yours {spending.queued === 1 ? 'is' : 'are'} not in the team ledger yet: Scout shares{' '}
          {spending.queued === 1 ? 'it' : 'them'} as soon as the team database can be reached.
        </p>
      )}
      {months.length === 0 ? (
        <EmptyState title="Nothing spent yet.">No one on the team has spent anything in the last twelve months.</EmptyState>
      ) : (
        months.map((month) => (
          <table className="table" key={month.month} data-testid={`team-spending-${month.month}`}>
            <caption>
              {month.label}
              {month.current && ' (this month)'}
            </caption>
            <thead>
              <tr>
                <th scope="col">Researcher</th>
                <th scope="col">Balance</th>
                <th scope="col" className="numeric">
                  Spent
                </th>
                <th scope="col">Not known yet</th>
                {month.current && <th scope="col">Monthly limit</th>}
              </tr>
            </thead>
            <tbody>
              {month.lines.map((line) => (
                <tr key={line.key} aria-current={line.you ? 'true' : undefined}>
                  <td>
                    {line.researcher}
                    {line.you && (
                      <>
                        {' '}
                        <StatusBadge tone="info">you</StatusBadge>
                      </>
                    )}
                  </td>
                  <td>{line.balance}</td>
                  <td className="numeric">{line.spent}</td>
                  <td>{line.notKnownYet ?? <span className="muted">None</span>}</td>
                  {month.current && (
                    <td>
                      {line.limit}
                      {line.over && (
                        <>
                          {' '}
                          <StatusBadge tone="warning">over the limit</StatusBadge>
                        </>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        ))
      )}
    </div>
  );
}
