// Campaigns (`#/campaigns`, `#/campaigns/new`, `#/campaigns/<id>`): a client's campaign, its
// creators with what each agreed and is paid, and its plan forecast from the cache (never a paid
// call), frozen when the campaign starts. Shared with the team in a Team workspace, like other saved work.
import { useScout } from '../../store';
import { useShell } from '../../data/useShell';
import { ErrorState } from '../../shared/ui';
import { CampaignList } from './CampaignList';
import { CampaignDetail } from './CampaignDetail';
import { CampaignEditor } from './CampaignEditor';

export function CampaignsPage() {
  const subpath = useScout((s) => s.subpath);
  const workspace = useShell((s) => s.workspace?.active);
  const part = subpath[0];
  const id = part !== undefined && /^\d+$/.test(part) ? Number(part) : null;
  const isNew = part === 'new';
  return (
    <section aria-labelledby="page-title" data-testid="page-campaigns" className="campaigns-page">
      <h1 id="page-title" tabIndex={-1}>
        Campaigns
      </h1>
      <div className="campaigns-layout">
        <CampaignList key={`list-${workspace}`} current={id} creating={isNew} />
        <div className="campaigns-main">
          {part !== undefined && id === null && !isNew ? (
            <ErrorState title="This address names no campaign.">Open one from the list of campaigns.</ErrorState>
          ) : isNew ? (
            <CampaignEditor key={`${workspace}/new`} campaign={null} />
          ) : id !== null ? (
            <CampaignDetail key={`${workspace}/${id}`} id={id} />
          ) : null}
        </div>
      </div>
    </section>
  );
}
