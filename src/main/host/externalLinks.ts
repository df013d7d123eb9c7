// Links Scout may hand to the system browser: the six networks' own sites and the API
// provider's. Anything else is refused, so a crafted report field cannot open arbitrary URLs.
import { ScoutError } from '@shared/errors';

const allowedHosts = [
  'instagram.com',
  'youtube.com',
  'tiktok.com',
  'twitch.tv',
  'twitter.com',
  'x.com',
  'snapchat.com',
  'hypeauditor.com',
];

export function checkExternalUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ScoutError({ code: 'INVALID_INPUT', message: 'That link is not a valid web address.' });
  }
  const host = url.hostname.toLowerCase();
  const allowed = allowedHosts.some((h) => host === h || host.endsWith(`.${h}`));
  if (url.protocol !== 'https:' || !allowed || url.username || url.password) {
    throw new ScoutError({
      code: 'INVALID_INPUT',
      message: `Scout only opens https links to the social networks and the API provider, not ${url.protocol}//${host}.`,
    });
  }
  return url.toString();
}
