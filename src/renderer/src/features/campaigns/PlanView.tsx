// The plan: per creator and in total, each forecast figure with where it comes from (the report
// figure and period, or how it was made), or in words why there is none; the media value with
// the agency's rates beside it.
import type { ReactNode } from 'react';
import type { CampaignPlan, CreatorPlan, PlanFigure } from '@shared/campaigns';
import { PLAN_FIGURES, planBasisText } from '@shared/campaignPlan';
import { postsCount } from '@shared/labels';
import { formatCount, formatDate, formatMoneyIn, plural } from '../../shared/ui';

type Kind = 'count' | 'money';

const rows = PLAN_FIGURES;

function Figure({ f, kind, currency }: { f: PlanFigure; kind: Kind; currency: string }) {
  if (f.value === null) return <span className="plan-missing">{f.missing}</span>;
  return <span className="num">{kind === 'money' ? formatMoneyIn(f.value, currency) : formatCount(Math.round(f.value))}</span>;
}

function FigureRows({ figures, currency, rates }: { figures: Record<string, PlanFigure>; currency: string; rates: string | null }) {
  return (
    <>
      {rows.map((r) => {
        const f = figures[r.key]!;
        return (
          <tr key={r.key} data-figure={r.key}>
            <th scope="row">{r.label}</th>
            <td className="plan-value">
              <Figure f={f} kind={r.kind} currency={currency} />
            </td>
            <td className="plan-source muted">
              {f.source ?? ''}
              {r.key === 'mediaValue' && rates !== null && <span className="plan-rates">{f.source ? '; at ' : 'At '}{rates}.</span>}
            </td>
          </tr>
        );
      })}
    </>
  );
}

export function PlanView({ plan }: { plan: CampaignPlan }) {
  const { currency, totals } = plan;
  return (
    <section className="card campaign-plan" aria-labelledby="plan-title" data-testid="campaign-plan">
      <h2 id="plan-title">Plan</h2>
      <p className="muted">
        {plan.frozen ? `As frozen on ${formatDate(plan.at)}. ` : `Forecast ${formatDate(plan.at)} from the cache. `}
        {planBasisText(plan.basisPeriod)}; fees and values in {currency}.
      </p>
      {plan.creators.length === 0 ? (
        <p className="muted">No creators yet: add them below, from the library, the shortlist or a list.</p>
      ) : (
        <>
          <h3>Total</h3>
          <PlanTable sourceHeader="How it is made" testId="plan-total">
              <tr>
                <th scope="row">Agreed posts</th>
                <td className="plan-value">{formatCount(totals.posts)}</td>
                <td className="plan-source muted">{plural(plan.creators.length, 'creator')}</td>
              </tr>
              <tr>
                <th scope="row">Fees</th>
                <td className="plan-value">{formatMoneyIn(totals.fee, currency)}</td>
                <td className="plan-source muted">sum of the fees agreed</td>
              </tr>
              <FigureRows figures={totals as unknown as Record<string, PlanFigure>} currency={currency} rates={null} />
          </PlanTable>
          {plan.creators.map((c) => (
            <CreatorFigures key={`${c.network}:${c.accountKey}`} c={c} currency={currency} />
          ))}
        </>
      )}
    </section>
  );
}

function CreatorFigures({ c, currency }: { c: CreatorPlan; currency: string }) {
  return (
    <div className="plan-creator" data-testid="plan-creator" data-account={`${c.network}:${c.accountKey}`}>
      <h3>{c.name}</h3>
      <p className="muted">
        {postsCount(c.network, c.posts)} for {formatMoneyIn(c.fee, currency)} ·{' '}
        {c.reportFetchedAt !== null ? `report fetched ${formatDate(c.reportFetchedAt)}` : 'no cached report'}
      </p>
      <PlanTable sourceHeader="From">
          <FigureRows figures={c as unknown as Record<string, PlanFigure>} currency={currency} rates={c.rateText} />
      </PlanTable>
    </div>
  );
}

/** A table of plan figures: each figure, its forecast, and where it comes from (`sourceHeader`). */
function PlanTable({ sourceHeader, testId, children }: { sourceHeader: string; testId?: string; children: ReactNode }) {
  return (
    <table className="table plan-figures" data-testid={testId}>
      <colgroup>
        <col className="col-figure" />
        <col className="col-forecast" />
        <col />
      </colgroup>
      <thead>
        <tr>
          <th scope="col">Figure</th>
          <th scope="col">Forecast</th>
          <th scope="col">{sourceHeader}</th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
