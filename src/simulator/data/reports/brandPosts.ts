// The brands an account mentions in its posts: its own from the start, those it takes up as the
// simulated days pass (brandNews), and the campaign brands of its campaign posts.
import { Rng } from '../random';
import { DAY_MS } from './common';
import type { Ctx } from './context';
import { PROFILE_REFERENCE_DAY } from '../profile';
import { campaignPositions } from './posts';

const brands = ['Nike', 'Adidas', 'Samsung', 'Sephora', 'Red Bull', 'Spotify', 'Nintendo', 'NordVPN', 'Skillshare', 'Audible', 'HelloFresh', 'Squarespace', 'Duolingo', 'Gymshark', 'Raid Shadow Legends'];

/** A brand's account name on a network: its name, lower case, without spaces. */
export function brandSlug(brand: string): string {
  return brand.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

/**
 * The brands an account mentioned (none for about one in ten), each with the indices of the posts
 * that did: the account's own brands, and those it took up since the reference day (brandNews),
 * mentioned by its first posts after the day each was taken up.
 */
export function brandMentionPosts(ctx: Ctx, times: readonly number[]): { brand: string; indices: number[] }[] {
  const rng = ctx.rng('brand-mentions');
  const campaign = campaignPositions(ctx);
  // Mentions are looked for among the latest 200 posts (campaign posts mention their own brand only).
  const pool = Array.from({ length: Math.min(times.length, 200) }, (_, i) => i).filter((i) => !campaign.has(i));
  const mentioned = ownBrands(rng)
    .map((brand) => ({ brand, indices: rng.sample(pool, rng.int(1, 6)).sort((a, b) => a - b) }));
  for (const news of brandNews(ctx.seed, ctx.profile.username, Math.floor(ctx.now / DAY_MS))) {
    // The first posts (oldest first) published within a week of the day: none yet, no mention yet.
    const from = news.day * DAY_MS;
    const indices = pool.filter((i) => times[i]! >= from && times[i]! < from + 7 * DAY_MS && times[i]! <= ctx.now).slice(-2);
    if (indices.length === 0) continue;
    const known = mentioned.find((m) => m.brand === news.brand);
    if (known) known.indices = [...new Set([...known.indices, ...indices])].sort((a, b) => a - b);
    else mentioned.push({ brand: news.brand, indices });
  }
  // Campaign posts (data/campaigns.ts) mention the campaign's brand, by its name.
  for (const [position, made] of campaign) {
    const known = mentioned.find((m) => m.brand === made.brand.name);
    if (known) known.indices = [...known.indices, position].sort((a, b) => a - b);
    else mentioned.push({ brand: made.brand.name, indices: [position] });
  }
  return mentioned;
}

/** The brands an account mentions from the start (the first draws of its `brand-mentions` stream). */
function ownBrands(rng: Rng): string[] {
  return rng.sample(brands, rng.weighted([[0, 1], [1, 2], [2, 3], [3, 3], [4, 2], [5, 1]]));
}

/** Days in which an account takes up at most one new brand. */
export const BRAND_NEWS_CYCLE_DAYS = 30;

/**
 * The brands an account took up after the reference day, up to and including `today`, oldest
 * first: about one cycle in four has one; an account whose name contains "mentions" is built to
 * take up one every cycle (a brand it had not mentioned), for tests and demos.
 */
export function brandNews(seed: string, username: string, today: number): { day: number; brand: string }[] {
  const news: { day: number; brand: string }[] = [];
  const own = new Set(ownBrands(new Rng(`${seed}:brand-mentions`)));
  for (let cycle = 0; PROFILE_REFERENCE_DAY + 1 + cycle * BRAND_NEWS_CYCLE_DAYS <= today; cycle++) {
    const rng = new Rng(`${seed}:brand-news:${cycle}`);
    const day = PROFILE_REFERENCE_DAY + 1 + cycle * BRAND_NEWS_CYCLE_DAYS + rng.int(0, BRAND_NEWS_CYCLE_DAYS - 1);
    const built = username.includes('mentions');
    if (day > today || (!built && rng.float(0, 1) >= 0.25)) continue;
    const taken = new Set([...own, ...news.map((n) => n.brand)]);
    const choices = built ? brands.filter((b) => !taken.has(b)) : brands;
    if (choices.length === 0) continue;
    news.push({ day, brand: choices[rng.int(0, choices.length - 1)]! });
  }
  return news;
}
