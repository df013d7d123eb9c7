// One campaign: its editor and its plan, and "Start campaign", which keeps the plan as it is.
import { useEffect, useRef, useState } from 'react';
import { useScout } from '../../store';
import { scout } from '../../data/scoutClient';
import { useScoutQuery } from '../../data/useScoutQuery';
import { teamReceived } from '../../data/scoutQuery';
import { seenVersionOf } from '@shared/teamSeen';
import { useScoutMutation } from '../../data/useScoutMutation';
import { ErrorState, ExportActions, formatDate } from '../../shared/ui';
import { CampaignEditor } from './CampaignEditor';
import { PlanView } from './PlanView';

export function CampaignDetail({ id }: { id: number }) {
  const got = useScoutQuery(() => scout.invoke('campaigns:get', { id }), [id], {
    reads: ['campaigns', 'reports'],
    refreshOn: ['reports:changed', teamReceived('campaign')],
  });
  const navigate = useScout((s) => s.navigate);
  const [asking, setAsking] = useState<'start' | 'delete' | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const [justStarted, setJustStarted] = useState(false);
  const [exported, setExported] = useState<string | null>(null);
  // The start is shared as made on the version this page showed.
  const start = useScoutMutation(() => scout.invoke('campaigns:start', { id, seen: { version: seenVersionOf(got.data?.campaign) } }), {
    changes: ['campaigns'],
    onSuccess: () => (setAsking(null), setJustStarted(true)),
  });
  const remove = useScoutMutation(() => scout.invoke('campaigns:delete', { id }), { changes: ['campaigns'], onSuccess: () => navigate('campaigns') });
  const startedAt = got.data?.campaign.startedAt ?? null;
  // Once the frozen plan is on screen, the keyboard goes to the words that say so.
  useEffect(() => {
    if (justStarted && startedAt !== null) statusRef.current?.focus();
  }, [justStarted, startedAt]);
  if (got.error) return <ErrorState title="This campaign could not be read.">{got.error}</ErrorState>;
  if (got.data === null) return <ErrorState title="There is no such campaign in this workspace.">It may have been deleted. Open another from the list.</ErrorState>;
  if (!got.data) return <p className="muted">Reading the campaign…</p>;
  const { campaign, plan } = got.data;
  const started = campaign.startedAt;
  return (
    <>
      <div className="card campaign-status" data-testid="campaign-status">
        {started !== null ? (
          <p ref={statusRef} tabIndex={-1} data-testid="plan-frozen">
            <strong>Plan frozen on {formatDate(started)}.</strong> The forecast below is kept as it was when the campaign started; fetching the creators’ reports again does not change it.
          </p>
        ) : asking === 'start' ? (
          <div role="group" aria-label="Start the campaign?" onKeyDown={(e) => e.key === 'Escape' && (e.stopPropagation(), setAsking(null))}>
            <p>
              Start “{campaign.name}”? The plan is kept as it is now. Its creators, agreed posts, fees, media rates, currency and period can no longer change.
            </p>
            <button type="button" className="primary" disabled={start.busy} onClick={() => void start.run()}>
              Start campaign
            </button>{' '}
            <button type="button" autoFocus onClick={() => setAsking(null)}>
              Not yet
            </button>
            {start.error && (
              <p className="feedback error" role="alert">
                {start.error}
              </p>
            )}
          </div>
        ) : (
          <p>
            Planning. The forecast is read from the cache each time this opens (never a paid call).{' '}
            <button type="button" onClick={() => (setAsking('start'), start.reset())} disabled={campaign.creators.length === 0}>
              Start campaign…
            </button>
            {campaign.creators.length === 0 && <span className="muted"> Add creators to start it.</span>}
          </p>
        )}
        {asking === 'delete' ? (
          <div role="group" aria-label={`Delete ${campaign.name}?`} onKeyDown={(e) => e.key === 'Escape' && (e.stopPropagation(), setAsking(null))}>
            <p>Delete “{campaign.name}” and its plan? The creators’ reports stay cached.</p>
            <button type="button" className="danger" disabled={remove.busy} onClick={() => void remove.run()}>
              Delete
            </button>{' '}
            <button type="button" autoFocus onClick={() => setAsking(null)}>
              Keep it
            </button>
            {remove.error && (
              <p className="feedback error" role="alert">
                {remove.error}
              </p>
            )}
          </div>
        ) : (
          asking === null && (
            <p className="campaign-delete">
              <button type="button" className="link" onClick={() => (setAsking('delete'), remove.reset())}>
                Delete campaign…
              </button>
            </p>
          )
        )}
      </div>
      <div className="card campaign-export" data-testid="media-plan-export">
        <h2>Media plan</h2>
        <p className="muted">For the client: the saved campaign, its creators with what they agreed and their fees, and every forecast figure with its source and the rates, branded with the agency.</p>
        <ExportActions subject={() => ({ kind: 'campaign', id })} onStatus={setExported} formats={['xlsx', 'pdf']} disabled={plan.creators.length === 0} testIds={{ xlsx: 'media-plan-xlsx', pdf: 'media-plan-pdf' }} scope={plan.creators.length === 0 ? 'Add creators first.' : undefined} />
        <p className="muted" role="status" aria-live="polite" data-testid="media-plan-status">
          {exported}
        </p>
      </div>
      <PlanView plan={plan} />
      <CampaignEditor campaign={campaign} />
    </>
  );
}
