// The Media tab: Instagram's posts by type, sort and period, or YouTube's videos a page at a
// time. Media cost nothing to refresh.
import { InstagramMedia } from './InstagramMedia';
import { YoutubeMedia } from './YoutubeMedia';

export function MediaTab({ network, account }: { network: 'instagram' | 'youtube'; account: string }) {
  return network === 'instagram' ? <InstagramMedia account={account} /> : <YoutubeMedia account={account} />;
}
