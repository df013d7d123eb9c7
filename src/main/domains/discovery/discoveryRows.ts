// A discovery result as a row of the results table: its figures read as the API gives them, its
// linked accounts with their networks, and the account Scout would fetch a report of.
import { markOf } from '@shared/reportModel/read';
import { parseAccountRef } from '@shared/accountInput';
import { accountUrl } from '@shared/networkLinks';
import type { Network } from '@shared/reports';
import type { DiscoveryNetwork } from '@shared/discovery';
import type { DiscoveryLinkedAccount, DiscoveryRow } from '@shared/discoveryData';
import type { DiscoveryResult } from '../../platform/api/schemas/discovery';

/** Linked accounts' network type ids (api-notes: 8 is Facebook, which Scout has no reports for). */
const networkOfTypeId: Record<number, Network> = { 1: 'instagram', 2: 'youtube', 3: 'tiktok', 4: 'twitch', 5: 'twitter', 7: 'snapchat' };
const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};
export const rec = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** An account name the contract's `account` field reads on that network, else null. */
function accountFor(network: Network, name: string | null): string | null {
  if (!name) return null;
  return parseAccountRef(name, network).ok ? name : null;
}

/** Linked accounts as parsed (their texts bounded), each with its network and profile link. */
function linkedOf(r: DiscoveryResult): DiscoveryLinkedAccount[] {
  return r.linked.map((l) => {
    const network = l.typeId === null ? null : (networkOfTypeId[l.typeId] ?? null);
    const profileUrl = network ? accountUrl(network, { username: l.username ?? undefined, channelId: network === 'youtube' ? (l.socialId ?? undefined) : undefined }) : null;
    return { network, type: l.type, socialId: l.socialId, username: l.username, title: l.title, followers: l.followers, profileUrl };
  });
}

export function rowOf(network: DiscoveryNetwork, page: number, position: number, r: DiscoveryResult): DiscoveryRow {
  const basic = rec(rec(r.raw).basic);
  const metrics = rec(rec(r.raw).metrics);
  const features = rec(rec(r.raw).features);
  const linked = linkedOf(r);
  const own = linked.find((l) => l.network === network && l.socialId !== null);
  const socialId = r.id ?? own?.socialId ?? null;
  const username = r.handle;
  const verified = basic.is_verified ?? basic.verified;
  return {
    key: `${network}:${socialId ?? r.username}`,
    page,
    position,
    network,
    socialId,
    username,
    title: r.title,
    avatarUrl: r.avatarUrl,
    followers: r.followers,
    er: r.engagementRate,
    country: r.country,
    verified: typeof verified === 'boolean' ? verified : null,
    avgViews: num(rec(metrics.views_avg).value),
    realFollowers: num(rec(metrics.real_subscribers_count).value),
    // AQS on Instagram and TikTok, CQS on YouTube: a mark such as very_good.
    quality: markOf(rec(rec(features.aqs).data).mark) ?? markOf(rec(rec(features.cqs).data).mark),
    profileUrl: accountUrl(network, { username: username ?? undefined, channelId: network === 'youtube' ? (r.id ?? undefined) : undefined }),
    linked,
    // YouTube reports are asked for by channel id; the other networks by username.
    account: network === 'youtube' ? (accountFor(network, r.id) ?? accountFor(network, username)) : accountFor(network, username),
  };
}
