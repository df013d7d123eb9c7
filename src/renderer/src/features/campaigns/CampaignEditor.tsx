// A campaign's editor: the client and the brand, what counts as a campaign post, the window, the
// period the plan reads, the agency's media rates, and the creators with what each agreed. Main
// checks it all (the contract) and says what is wrong, beside the part it is about. In a Team
// workspace a teammate's change that arrives while it is open becomes part of the form where the
// researcher has not typed, and is said where both changed the same part; a save sends what the
// form showed when the edit began (`seen`), so main applies only what the researcher changed.
import { useState } from 'react';
import { brandNetworks, campaignCreatorField, campaignCurrencies, campaignPart, campaignSeen, campaignSourceLabels, type Campaign } from '@shared/campaigns';
import { comparePeriods } from '@shared/compare';
import { utcDay } from '@shared/calendarDay';
import { networkLabels, PERIOD_WORDS } from '@shared/format';
import { postsWord } from '@shared/labels';
import { useScout } from '../../store';
import { scout } from '../../data/scoutClient';
import { useScoutMutation } from '../../data/useScoutMutation';
import { ChangedMeanwhile, FormField } from '../../shared/ui';
import { blankDraft, creatorDraft, draftOf, mergeDraft, rateNetworks, requestOf, withParts, type CampaignDraft, type CreatorDraft } from './campaignForm';
import { CreatorPicker } from './CreatorPicker';

export function CampaignEditor({ campaign }: { campaign: Campaign | null }) {
  const navigate = useScout((s) => s.navigate);
  const [draft, setDraft] = useState<CampaignDraft>(() => (campaign ? draftOf(campaign) : blankDraft(utcDay(new Date()))));
  // The campaign the edit began from (what a save says it had seen), and the one last shown.
  const [opened, setOpened] = useState<Campaign | null>(campaign);
  // The form before the researcher typed, teammates' changes merged in: what counts as typed.
  const [base, setBase] = useState<CampaignDraft>(draft);
  const [shown, setShown] = useState<Campaign | null>(campaign);
  const [saved, setSaved] = useState<string | null>(null);
  const frozen = campaign?.startedAt != null;
  const versionOf = (c: Campaign | null) => (c ? `${c.updatedAt}/${c.team?.version ?? 0}/${c.startedAt ?? ''}` : '');
  if (campaign && versionOf(campaign) !== versionOf(shown)) {
    // Changed meanwhile (a teammate, or this editor's own save read again): untouched parts follow it.
    setShown(campaign);
    if (opened) {
      const merged = mergeDraft(draft, base, opened, campaign);
      setDraft(merged.draft);
      setBase(merged.base);
      if (JSON.stringify(merged.draft) === JSON.stringify(draftOf(campaign))) setOpened(campaign);
    }
  }
  const clashes = campaign && opened ? mergeDraft(draft, base, opened, campaign).clashes : [];
  const save = useScoutMutation(
    (d: CampaignDraft) => scout.invoke('campaigns:save', { ...requestOf(d, campaign?.id ?? null), ...(campaign && opened ? { seen: campaignSeen(opened) } : {}) }),
    {
      changes: ['campaigns'],
      onSuccess: (value) => {
        setSaved(`Saved “${value.name}”.`);
        // What was saved (a teammate's parts kept in it) is what the form shows, and the next edit's base.
        setDraft(draftOf(value));
        setBase(draftOf(value));
        setOpened(value);
        setShown(value);
        if (!campaign) navigate('campaigns', [String(value.id)]);
      },
    },
  );
  const creatorName = (ref: { network: string; accountKey: string }) => campaign?.creators.find((c) => campaignCreatorField(c) === campaignCreatorField(ref as Campaign['creators'][number]))?.name ?? ref.accountKey;
  const set = <K extends keyof CampaignDraft>(key: K, value: CampaignDraft[K]) => (setDraft((d) => ({ ...d, [key]: value })), setSaved(null));
  const setCreator = (i: number, patch: Partial<CreatorDraft>) => set('creators', draft.creators.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  const err = save.fields;

  return (
    <form
      className="card campaign-editor"
      aria-labelledby="campaign-editor-title"
      data-testid="campaign-editor"
      onSubmit={(e) => {
        e.preventDefault();
        void save.run(draft);
      }}
    >
      <h2 id="campaign-editor-title">{campaign ? 'Campaign' : 'New campaign'}</h2>
      {campaign && clashes.length > 0 && (
        <ChangedMeanwhile
          who={campaign.team?.by[clashes[0]!] ?? 'A teammate'}
          what={clashes.map((f) => campaignPart(f, creatorName)).join(' and ')}
          onUseTheirs={() => (setDraft(withParts(draft, draftOf(campaign), clashes)), setBase(withParts(base, draftOf(campaign), clashes)), setOpened(campaign))}
          testId="campaign-changed-meanwhile"
        />
      )}
      <fieldset>
        <legend>Client and brand</legend>
        <FormField label="Name" error={err.name}>
          {(p) => <input {...p} value={draft.name} onChange={(e) => set('name', e.target.value)} />}
        </FormField>
        <FormField label="Client" error={err.client}>
          {(p) => <input {...p} value={draft.client} onChange={(e) => set('client', e.target.value)} />}
        </FormField>
        <FormField label="Currency" error={err.currency} help={frozen ? 'Frozen with the plan.' : 'Of the fees, the rates and the plan.'}>
          {(p) => (
            <select {...p} value={draft.currency} disabled={frozen} onChange={(e) => set('currency', e.target.value as CampaignDraft['currency'])}>
              {campaignCurrencies.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          )}
        </FormField>
        {brandNetworks.map((n) => (
          <FormField key={n} label={`Brand on ${networkLabels[n]}`} error={n === 'instagram' ? err.brands : undefined} help={n === 'youtube' ? 'A channel link, @handle or channel id; leave empty where the brand has none.' : undefined}>
            {(p) => <input {...p} value={draft.brands[n]} placeholder={n === 'youtube' ? 'Channel' : '@username'} onChange={(e) => set('brands', { ...draft.brands, [n]: e.target.value })} />}
          </FormField>
        ))}
      </fieldset>
      <fieldset>
        <legend>What counts as a campaign post</legend>
        <FormField label="Hashtags" error={err.match} help="Separated by spaces or commas, e.g. #summerglow #glowpartner.">
          {(p) => <input {...p} value={draft.hashtags} onChange={(e) => set('hashtags', e.target.value)} />}
        </FormField>
        <FormField label="Mentions" help="Accounts a post tags, e.g. @glowbrand.">
          {(p) => <input {...p} value={draft.mentions} onChange={(e) => set('mentions', e.target.value)} />}
        </FormField>
        <FormField label="Link domains" help="Links in a post or its bio link, e.g. glow.example.com.">
          {(p) => <input {...p} value={draft.linkDomains} onChange={(e) => set('linkDomains', e.target.value)} />}
        </FormField>
        <label className="checkbox-line">
          <input type="checkbox" checked={draft.paidPartnership} onChange={(e) => set('paidPartnership', e.target.checked)} /> A post the network marks as a paid partnership counts
        </label>
      </fieldset>
      <fieldset>
        <legend>Window and plan</legend>
        <FormField label="First day" error={err.window}>
          {(p) => <input {...p} type="date" value={draft.from} onChange={(e) => set('from', e.target.value)} />}
        </FormField>
        <FormField label="Last day">{(p) => <input {...p} type="date" value={draft.to} onChange={(e) => set('to', e.target.value)} />}</FormField>
        <FormField label="Plan from" error={err.basisPeriod} help="The period of each report the forecast reads.">
          {(p) => (
            <select {...p} value={draft.basisPeriod} disabled={frozen} onChange={(e) => set('basisPeriod', e.target.value as CampaignDraft['basisPeriod'])}>
              {comparePeriods.map((x) => (
                <option key={x} value={x}>
                  {PERIOD_WORDS[x]}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </fieldset>
      <fieldset>
        <legend>Media rates, in {draft.currency}</legend>
        <p className="muted">The agency’s own rates: the plan’s media value is views ÷ 1,000 × the view rate + engagements × the engagement rate. Leave empty where none is set.</p>
        {err.rates && (
          <p className="field-error" role="alert">
            {err.rates}
          </p>
        )}
        <table className="table compact rates-table">
          <thead>
            <tr>
              <th scope="col">Network</th>
              <th scope="col">Per 1,000 views</th>
              <th scope="col">Per engagement</th>
            </tr>
          </thead>
          <tbody>
            {rateNetworks(draft).map((n) => (
              <tr key={n}>
                <th scope="row">{networkLabels[n]}</th>
                {(['perThousandViews', 'perEngagement'] as const).map((k) => (
                  <td key={k}>
                    <input
                      inputMode="decimal"
                      disabled={frozen}
                      aria-label={`${networkLabels[n]} rate ${k === 'perThousandViews' ? 'per 1,000 views' : 'per engagement'}`}
                      value={draft.rates[n][k]}
                      onChange={(e) => set('rates', { ...draft.rates, [n]: { ...draft.rates[n], [k]: e.target.value } })}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </fieldset>
      <fieldset>
        <legend>Creators</legend>
        {err.creators && (
          <p className="field-error" role="alert">
            {err.creators}
          </p>
        )}
        {draft.creators.length === 0 ? (
          <p className="muted">None yet.</p>
        ) : (
          <table className="table compact creators-table" data-testid="campaign-creators">
            <thead>
              <tr>
                <th scope="col">Creator</th>
                <th scope="col">From</th>
                <th scope="col">Agreed</th>
                <th scope="col">Due dates</th>
                <th scope="col">Fee ({draft.currency})</th>
                <th scope="col">
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {draft.creators.map((c, i) => (
                <tr key={`${c.network}:${c.accountKey}`} data-testid="campaign-creator">
                  <th scope="row">{c.name}</th>
                  <td>{c.sourceName ? `${campaignSourceLabels[c.source]} “${c.sourceName}”` : campaignSourceLabels[c.source]}</td>
                  <td className="nowrap">
                    <input className="narrow" inputMode="numeric" disabled={frozen} aria-label={`${postsWord(c.network)} agreed with ${c.name}`} value={c.posts} onChange={(e) => setCreator(i, { posts: e.target.value })} />{' '}
                    {postsWord(c.network)}
                  </td>
                  <td className="due-dates">
                    <input aria-label={`Due dates of ${c.name}`} placeholder="YYYY-MM-DD, …" value={c.dueDates} onChange={(e) => setCreator(i, { dueDates: e.target.value })} />
                  </td>
                  <td>
                    <input className="narrow" inputMode="decimal" disabled={frozen} aria-label={`Fee of ${c.name}`} value={c.fee} onChange={(e) => setCreator(i, { fee: e.target.value })} />
                  </td>
                  <td>
                    <button type="button" className="link" disabled={frozen} aria-label={`Remove ${c.name}`} onClick={() => set('creators', draft.creators.filter((_, j) => j !== i))}>
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {!frozen && (
          <CreatorPicker
            added={new Set(draft.creators.map((c) => `${c.network}:${c.accountKey}`))}
            onAdd={(picked) => set('creators', [...draft.creators, ...picked.map(creatorDraft)])}
          />
        )}
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="primary" disabled={save.busy}>
          {campaign ? 'Save campaign' : 'Create campaign'}
        </button>
        {save.error && (
          <p className="feedback error" role="alert" data-testid="campaign-save-error">
            {save.error}
          </p>
        )}
        {saved && (
          <p className="feedback ok" role="status">
            {saved}
          </p>
        )}
      </div>
    </form>
  );
}
