// Campaigns: planned from the cache only. The plan of a campaign being planned is forecast anew
// from each creator's latest cached report whenever it is read (campaignPlan.ts, no network, no
// paid call); "Start campaign" keeps it as it is then, and a started campaign's figures that make
// the plan (creators, posts, fees, rates, currency, period) can no longer change.
import { campaignPlan, type PlanReport } from '@shared/campaignPlan';
import { planInputs, type Campaign, type CampaignCandidates, type CampaignInput, type CampaignSummary, type CampaignView } from '@shared/campaigns';
import { formatDate } from '@shared/format';
import { ScoutError } from '@shared/errors';
import type { Network } from '../../platform/api/types';
import type { CampaignsRepository } from './campaignsRepository';

/** A creator's latest cached report, read for the plan; null when the cache holds none. */
export type ReportReader = (network: Network, accountKey: string) => PlanReport | null;

export class CampaignsService {
  constructor(
    private readonly repo: CampaignsRepository,
    private readonly reportOf: ReportReader,
    private readonly now: () => number = Date.now,
  ) {}

  list(): CampaignSummary[] {
    return this.repo.list();
  }

  get(id: number): CampaignView | null {
    const campaign = this.repo.get(id);
    if (!campaign) return null;
    const frozen = campaign.startedAt !== null ? this.repo.frozenPlan(id) : null;
    return { campaign, plan: frozen ?? this.forecast(campaign) };
  }

  /** Checks the whole campaign before anything is written: a refused one changes nothing. */
  save(input: CampaignInput & { id?: number }): Campaign {
    const { id, ...campaign } = input;
    if (id !== undefined) {
      const now = this.repo.get(id);
      if (!now) invalid('That campaign is no longer saved; it may have been deleted. Save it as a new one.');
      if (now.startedAt !== null && planInputs(now) !== planInputs(campaign)) {
        invalid(
          `“${now.name}” started on ${formatDate(now.startedAt)} and its plan is frozen: its creators, agreed posts, fees, media rates, currency and period stay as they were.`,
        );
      }
    }
    const saved = this.repo.save(id ?? null, campaign, this.now());
    if (!saved) invalid('That campaign is no longer saved; it may have been deleted. Save it as a new one.');
    return saved;
  }

  delete(id: number): boolean {
    return this.repo.delete(id);
  }

  /** Freezes the plan as it is now: later fetches of the creators' reports do not change it. */
  start(id: number): CampaignView {
    const campaign = this.repo.get(id);
    if (!campaign) invalid('That campaign is no longer saved; it may have been deleted.');
    if (campaign.startedAt !== null) invalid(`“${campaign.name}” already started on ${formatDate(campaign.startedAt)}; its plan is frozen as it was then.`);
    if (campaign.creators.length === 0) invalid(`Add at least one creator to “${campaign.name}” before starting it.`);
    const at = this.now();
    const plan = { ...this.forecast(campaign, at), frozen: true };
    if (!this.repo.start(id, plan, at)) invalid(`“${campaign.name}” was started or deleted meanwhile.`);
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
