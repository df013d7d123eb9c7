// The input every report generator takes, and the per-call context built from it.
import type { CdnLinker } from '../cdn';
import { accountProfile, DAILY_WOBBLE, PROFILE_REFERENCE_DAY, simDay, type AccountProfile } from '../profile';
import { Rng, WobblingRng, type Network } from '../random';

export interface ReportInput {
  network: Network;
  /** Requested username / channel name / channel id. */
  name: string;
  /**
   * Simulated epoch milliseconds: "today" for dates, charts and time_posted, and the day the
   * account's figures drift to (followers, engagement, audience shares: see profile.ts).
   */
  now: number;
  cdn: CdnLinker;
  /** The server sets this for names starting with "lowconf" (spec 3.1 READY_LOW_CONFIDENCE). */
  lowConfidence: boolean;
  tiktokType?: 'report' | 'advanced_report';
}

/** What every generator needs about one account, built once per call. */
export interface Ctx {
  input: ReportInput;
  profile: AccountProfile;
  now: number;
  /** `network:username`, the root of every seed for this account. */
  seed: string;
  /**
   * A generator for one purpose. Each part of a report draws from its own stream, so adding
   * a field to one part never shifts the numbers of another, and a media page can be made
   * without making the report first.
   */
  rng(purpose: string): Rng;
  /**
   * The generator for audience breakdowns: `rng(purpose)`'s draws, with every set of shares
   * wobbled by up to ±2 % (relative) for the simulated day and renormalised, so the audience
   * moves a little from day to day. Exactly `rng(purpose)` on the profile's reference day.
   */
  audienceRng(purpose: string): Rng;
}

export function makeCtx(input: ReportInput): Ctx {
  const profile = accountProfile(input.network, input.name, input.now);
  // profile.username is the trimmed, lower-cased name: " Foo" and "foo" are one account.
  const seed = `${input.network}:${profile.username}`;
  const day = simDay(input.now);
  return {
    input,
    profile,
    now: input.now,
    seed,
    rng: (purpose) => new Rng(`${seed}:${purpose}`),
    audienceRng: (purpose) =>
      new WobblingRng(`${seed}:${purpose}`, day === PROFILE_REFERENCE_DAY ? null : new Rng(`${seed}:${purpose}:day${day}`), DAILY_WOBBLE),
  };
}
