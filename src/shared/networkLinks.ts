// Addresses of posts and accounts on their networks, built from what a report carries. Every
// address here is one main's allow-list (main/host/externalLinks.ts) lets out; its test
// checks each form against it.
import type { Network } from './reports';

const part = encodeURIComponent;

/** A post or video: Instagram by its URL code, YouTube by video id. Null when the answer lacks it. */
export function postUrl(network: Network, post: { id?: string; code?: string; url?: string }): string | null {
  switch (network) {
    case 'instagram':
      return post.code ? `https://www.instagram.com/p/${part(post.code)}/` : null;
    case 'youtube':
      return post.id ? `https://www.youtube.com/watch?v=${part(post.id)}` : null;
    case 'tiktok':
      return null;
    default:
      // Snapchat and others send the post's own address (spec: last_media basic.url); only https is taken.
      return post.url && /^https:\/\//i.test(post.url) ? post.url : null;
  }
}

const youtubeChannelId = /^UC[\w-]{22}$/;

/** An account on its network (a mentioned brand): by username, or a YouTube channel by id. */
export function accountUrl(network: Network, account: { username?: string; channelId?: string }): string | null {
  const name = account.username?.replace(/^@/, '');
  switch (network) {
    case 'instagram':
      return name ? `https://www.instagram.com/${part(name)}/` : null;
    case 'youtube':
      if (account.channelId && youtubeChannelId.test(account.channelId)) return `https://www.youtube.com/channel/${part(account.channelId)}`;
      return name ? `https://www.youtube.com/@${part(name)}` : null;
    case 'tiktok':
      return name ? `https://www.tiktok.com/@${part(name)}` : null;
    case 'twitch':
      return name ? `https://www.twitch.tv/${part(name)}` : null;
    case 'twitter':
      return name ? `https://x.com/${part(name)}` : null;
    case 'snapchat':
      return name ? `https://www.snapchat.com/add/${part(name)}` : null;
  }
}
