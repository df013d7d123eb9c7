// "Find similar": the identifier Discovery's `similar` filter takes for an account, per network —
// a username on Instagram, the channel id on YouTube, the numeric account id on TikTok — read from
// the account's cached report. Null where the network has no such search or the report does not say.
import type { Network } from './reports';

export const similarNetworks = ['instagram', 'youtube', 'tiktok'] as const satisfies readonly Network[];
export type SimilarNetwork = (typeof similarNetworks)[number];

export function similarIdOf(network: Network, summary: { username: string | null; accountId: string | null }): { network: SimilarNetwork; id: string } | null {
  if (network === 'instagram') {
    const name = (summary.username ?? '').replace(/^@/, '').trim().toLowerCase();
    return /^[a-z0-9._]{1,30}$/.test(name) ? { network, id: name } : null;
  }
  const id = (summary.accountId ?? '').trim();
  if (network === 'youtube') return /^UC[A-Za-z0-9_-]{22}$/.test(id) ? { network, id } : null;
  if (network === 'tiktok') return /^\d{1,25}$/.test(id) ? { network, id } : null;
  return null;
}
