// Campaigns: planned from the cache only. The plan of a campaign being planned is forecast anew
// from each creator's latest cached report whenever it is read (campaignPlan.ts, no network, no
// paid call); "Start campaign" keeps it as it is then, and a started campaign's figures that make
// the plan (creators, posts, fees, rates, currency, period) can no longer change. In a Team
// workspace a campaign is shared work (sharedDocs.ts's campaign adapter): each save, start and
// deletion is told to the team with the version its editor showed (`seen`).
import { campaignPlan, type PlanReport } from '@shared/campaignPlan';
import {
  campaignCreatorField,
  campaignFields,
  campaignOfFields,
  planInputs,
  type Campaign,
  type CampaignCandidates,
  type CampaignInput,
  type CampaignSeen,
  type CampaignSummary,
  type CampaignView,
} from '@shared/campaigns';
import { campaignProblems } from '@shared/contract/campaigns';
import { changedSince } from '@shared/teamSeen';
import { formatDate } from '@shared/format';
import { ScoutError } from '@shared/errors';
import type { Network } from '../../platform/api/types';
import { seenEdit, stamped, type OnSharedEdit, type TeamVersionOf } from '../../team/seenEdits';
import type { CampaignsRepository } from './campaignsRepository';

/** A creator's latest cached report, read for the plan; null when the cache holds none. */
export type ReportReader = (network: Network, accountKey: string) => PlanReport | null;

export class CampaignsService {
  constructor(
    private readonly repo: CampaignsRepository,
    private readonly reportOf: ReportReader,
    private readonly now: () => number = Date.now,
    /** A Team workspace's shared work: told after each save, start or deletion, it queues what changed. */
    private readonly onEdit?: OnSharedEdit,
    /** A Team workspace's shared work: a campaign's version, what its editor starts from. */
    private readonly teamVersion?: TeamVersionOf,
  ) {}

  list(): CampaignSummary[] {
    return this.repo.list();
  }

  get(id: number): CampaignView | null {
    const campaign = this.repo.get(id);
    if (!campaign) return null;
    const frozen = campaign.startedAt !== null ? this.repo.frozenPlan(id) : null;
    return { campaign: this.withTeam(campaign), plan: frozen ?? this.forecast(campaign) };
  }

  private withTeam(c: Campaign): Campaign {
    return stamped(c, 'campaign', c.id, this.teamVersion);
  }

  /**
   * What its editor changed from what it showed (`seen`), over the campaign as it is now: a
   * teammate's change meanwhile of a part the researcher did not touch stays. A creator the
   * researcher removed is removed; one a teammate added meanwhile stays, after the editor's.
   */
  private overNow(now: Campaign, sent: CampaignInput, seen: CampaignSeen): CampaignInput {
    const asSent = campaignFields(sent);
    const fields = { ...campaignFields(now), ...changedSince(seen.fields, asSent) };
    for (const field of Object.keys(seen.fields)) if (!(field in asSent)) delete fields[field];
    return campaignOfFields(fields, [...sent.creators, ...now.creators].map(campaignCreatorField));
  }

  /** Checks the whole campaign before anything is written: a refused one changes nothing. */
  save(input: CampaignInput & { id?: number; seen?: CampaignSeen }): Campaign {
    const { id, seen, ...sent } = input;
    let campaign: CampaignInput = sent;
    if (id !== undefined) {
      const now = this.repo.get(id);
      if (!now) invalid('That campaign is no longer saved; it may have been deleted. Save it as a new one.');
      if (seen) {
        campaign = this.overNow(now, sent, seen);
        // The parts agree with each other as sent; over a teammate's changes they are checked again.
        const problem = campaignProblems(campaign)[0];
        if (problem) invalid(`${problem.message} (A teammate changed “${now.name}” while you were editing it.)`);
      }
      if (now.startedAt !== null && planInputs(now) !== planInputs(campaign)) {
        invalid(
          `“${now.name}” started on ${formatDate(now.startedAt)} and its plan is frozen: its creators, agreed posts, fees, media rates, currency and period stay as they were.`,
        );
      }
    }
    const saved = this.repo.save(id ?? null, campaign, this.now());
    if (!saved) invalid('That campaign is no longer saved; it may have been deleted. Save it as a new one.');
    this.onEdit?.('campaign', seenEdit(saved.id, seen));
    return this.withTeam(saved);
  }

  delete(id: number): boolean {
    const deleted = this.repo.delete(id);
    if (deleted) this.onEdit?.('campaign');
    return deleted;
  }

  /** Freezes the plan as it is now: later fetches of the creators' reports do not change it. */
  start(id: number, seen?: { version: number }): CampaignView {
    const campaign = this.repo.get(id);
    if (!campaign) invalid('That campaign is no longer saved; it may have been deleted.');
    if (campaign.startedAt !== null) invalid(`“${campaign.name}” already started on ${formatDate(campaign.startedAt)}; its plan is frozen as it was then.`);
    if (campaign.creators.length === 0) invalid(`Add at least one creator to “${campaign.name}” before starting it.`);
    const at = this.now();
    const plan = { ...this.forecast(campaign, at), frozen: true };
    if (!this.repo.start(id, plan, at)) invalid(`“${campaign.name}” was started or deleted meanwhile.`);
    this.onEdit?.('campaign', seenEdit(id, seen));
    return this.get(id)!;
  }

  candidates(): CampaignCandidates {
    return this.repo.candidates();
  }

  private forecast(campaign: Campaign, at = this.now()) {
    return campaignPlan(campaign, (c) => this.reportOf(c.network, c.accountKey), at);
  }
}

function invalid(message: string): never {
  throw new ScoutError({ code: 'INVALID_INPUT', message });
}
