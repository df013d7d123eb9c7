// Reads what a researcher pastes into "Add accounts": a username, a YouTube channel id, a TikTok
// user id, or a profile link of any of the six networks — one or many, one per line or several
// on a line separated by commas or spaces. Pure: used by the renderer as you type and checked
// again by main.
import type { Network } from './reports';

export interface AccountInput {
  network: Network;
  /** What the API takes: username, channel name, YouTube channel id, or TikTok user id. */
  account: string;
  /** TikTok accounts given by numeric user id go to auditor.tiktokByUserId. */
  byUserId: boolean;
  /** The text it came from, for messages. */
  source: string;
}

export type ParsedLine = { ok: true; value: AccountInput } | { ok: false; source: string; reason: string };

const hostNetwork: [RegExp, Network][] = [
  [/(^|\.)instagram\.com$/, 'instagram'],
  [/(^|\.)(youtube\.com|youtu\.be)$/, 'youtube'],
  [/(^|\.)tiktok\.com$/, 'tiktok'],
  [/(^|\.)twitch\.tv$/, 'twitch'],
  [/(^|\.)(twitter\.com|x\.com)$/, 'twitter'],
  [/(^|\.)snapchat\.com$/, 'snapchat'],
];

// Paths on each network that are not profiles.
const reservedPaths: Partial<Record<Network, Set<string>>> = {
  instagram: new Set(['p', 'reel', 'reels', 'explore', 'stories', 'tv', 'accounts', 'direct']),
  twitter: new Set(['home', 'search', 'explore', 'i', 'intent', 'share', 'hashtag', 'settings', 'notifications', 'messages']),
  twitch: new Set(['directory', 'videos', 'search', 'settings', 'p']),
  tiktok: new Set(['tag', 'music', 'discover', 'search', 'foryou', 'explore']),
};

const usernamePattern = /^[A-Za-z0-9._-]{1,60}$/;
const youtubeChannelId = /^UC[A-Za-z0-9_-]{22}$/;

function fromUrl(raw: string): ParsedLine {
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    return { ok: false, source: raw, reason: 'not a valid link' };
  }
  const host = url.hostname.toLowerCase();
  const network = hostNetwork.find(([re]) => re.test(host))?.[1];
  if (!network) return { ok: false, source: raw, reason: `${host} is not one of the six networks` };
  const parts = url.pathname.split('/').filter(Boolean).map((p) => decodeURIComponent(p));
  const first = parts[0] ?? '';
  if (network === 'youtube') {
    if (first === 'channel' && parts[1] && youtubeChannelId.test(parts[1])) return account(network, parts[1], raw);
    if (first.startsWith('@') && first.length > 1) return account(network, first.slice(1), raw);
    if ((first === 'c' || first === 'user') && parts[1]) return account(network, parts[1], raw);
    return { ok: false, source: raw, reason: 'a YouTube link should point at a channel (/channel/UC…, /@name)' };
  }
  if (network === 'snapchat') {
    const name = first === 'add' ? parts[1] : first.startsWith('@') ? first.slice(1) : undefined;
    return name ? account(network, name, raw) : { ok: false, source: raw, reason: 'a Snapchat link should be snapchat.com/add/name' };
  }
  if (network === 'tiktok') {
    if (!first.startsWith('@')) return { ok: false, source: raw, reason: 'a TikTok link should point at a profile (tiktok.com/@name)' };
    return account(network, first.slice(1), raw);
  }
  if (!first || reservedPaths[network]?.has(first.toLowerCase())) {
    return { ok: false, source: raw, reason: `that ${network} link is not a profile` };
  }
  return account(network, first.replace(/^@/, ''), raw);
}

function account(network: Network, name: string, source: string, byUserId = false): ParsedLine {
  const clean = name.trim().replace(/^@/, '');
  if (!usernamePattern.test(clean)) return { ok: false, source, reason: `"${clean}" is not a valid ${network} name` };
  return { ok: true, value: { network, account: clean, byUserId, source } };
}

/**
 * One entry. A bare name needs a network (`defaultNetwork`); `network:name` picks one; a YouTube
 * channel id is recognised without one; a long number with TikTok as the network is a user id.
 */
export function parseAccountLine(text: string, defaultNetwork: Network | null): ParsedLine {
  const raw = text.trim();
  if (!raw) return { ok: false, source: text, reason: 'empty' };
  // A link: a scheme, or a host name followed by a path (a dotted username like khaby.lame is not).
  if (/^[a-z]+:\/\//i.test(raw) || /^[\w-]+(\.[\w-]+)+\//.test(raw)) return fromUrl(raw);
  const prefixed = /^(instagram|youtube|tiktok|twitch|twitter|snapchat):(.+)$/i.exec(raw);
  if (prefixed) return parseAccountLine(prefixed[2]!, prefixed[1]!.toLowerCase() as Network);
  if (youtubeChannelId.test(raw)) return account('youtube', raw, raw);
  if (!defaultNetwork) return { ok: false, source: raw, reason: 'choose a network, or paste a profile link' };
  if (defaultNetwork === 'tiktok' && /^\d{6,25}$/.test(raw)) return account('tiktok', raw, raw, true);
  return account(defaultNetwork, raw, raw);
}

/**
 * Many entries: one per line, or several on a line separated by commas, semicolons or spaces.
 * A line is taken whole or not at all: when any entry on it is not valid, the line is refused
 * with the reason, naming the line, and none of its entries is fetched — "bad name!" is a typo
 * to fix, not an order for "bad". Duplicates are dropped.
 */
export function parseAccountList(text: string, defaultNetwork: Network | null): ParsedLine[] {
  const seen = new Set<string>();
  const out: ParsedLine[] = [];
  text.split(/\r\n|\r|\n/).forEach((rawLine, index) => {
    const source = rawLine.trim();
    const pieces = source.split(/[\s,;]+/).filter(Boolean);
    if (pieces.length === 0) return;
    const lines = pieces.map((piece) => parseAccountLine(piece, defaultNetwork));
    const bad = lines.find((line) => !line.ok);
    if (bad && !bad.ok) {
      const line = pieces.length === 1 ? `line ${index + 1}` : `line ${index + 1} is not fetched`;
      out.push({ ok: false, source, reason: `${line}: ${bad.reason}` });
      return;
    }
    for (const line of lines) {
      if (!line.ok) continue;
      const key = `${line.value.network}:${line.value.account.toLowerCase()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(line);
    }
  });
  return out;
}

/** How the cache keys an account: '@NatGeo ' and 'natgeo' are one account. */
export function accountKeyOf(account: string): string {
  return account.trim().replace(/^@/, '').toLowerCase();
}
