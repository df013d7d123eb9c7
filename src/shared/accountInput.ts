// Reads an account reference: what a researcher pastes into "Add accounts" (a username, a YouTube
// channel id, a TikTok user id, or a profile link of any of the six networks — one or many, one
// per line or several on a line separated by commas or spaces) and what every request that names
// an account carries into main (the contract's schema reads it with parseAccountRef). One reading
// for both, so '@NASA', ' NASA ', 'nasa' and a profile link are one account everywhere: the cache
// key and the name sent to the API come from the same parse, and nothing else re-normalises a
// name. Pure: used by the renderer as you type and by main at its boundary.
import { networkNames as NETWORK_NAMES, type Network } from './reports';
import { invisibleCharacterProblem, visible } from './invisibleText';

/** One account, read. */
export interface AccountRef<N extends Network = Network> {
  network: N;
  /** How Scout knows the account: the cache, the ledger, progress and fetches under way. */
  key: string;
  /**
   * The name the API is sent. Usernames are case-insensitive and a leading @ is not part of
   * them, so a username goes in lower case; a YouTube channel id is case-sensitive and keeps its
   * letter case; a TikTok user id goes as its digits.
   */
  apiName: string;
  /** A TikTok account given by numeric user id: asked for with auditor.tiktokByUserId. */
  byUserId: boolean;
}

export interface AccountInput extends AccountRef {
  /** The account as entered, without its @: shown, and what the renderer sends main, which reads it back to this reference. */
  account: string;
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
const tiktokUserId = /^\d{6,25}$/;
const channelIdChar = /^[A-Za-z0-9_-]$/;

/**
 * What is wrong with a YouTube channel id, in words ("has 21 characters after UC, not 22 (1
 * missing)"); null when it is one. `meant`: the text is known to be one (a /channel/ link's);
 * otherwise it must look like one to be judged — UC, then 16 to 30 characters holding capitals,
 * small letters and digits, as a channel id's random part does and no username of the six
 * networks is typed — so a name that only starts with UC is still read as a name.
 */
export function channelIdProblem(text: string, meant = false): string | null {
  if (youtubeChannelId.test(text)) return null;
  if (!text.startsWith('UC')) return meant ? 'does not start with UC, as every channel id does' : null;
  const rest = [...text.slice(2)];
  const looksLikeOne = rest.length >= 16 && rest.length <= 30 && rest.some((c) => /[A-Z]/.test(c)) && rest.some((c) => /[a-z]/.test(c)) && rest.some((c) => /\d/.test(c)) && !rest.some((c) => c === '.' || c === '@' || c === '/');
  if (!meant && !looksLikeOne) return null;
  const wrong: string[] = [];
  if (rest.length !== 22) wrong.push(`has ${rest.length} characters after UC, not 22 (${rest.length < 22 ? `${22 - rest.length} missing` : `${rest.length - 22} too many`})`);
  const odd = [...new Set(rest.filter((c) => !channelIdChar.test(c)))];
  if (odd.length > 0) wrong.push(`holds ${odd.map((c) => `“${c}”`).join(', ')}, which no channel id does (only letters, digits, - and _)`);
  return wrong.join(' and ');
}

function refused(source: string, reason: string): ParsedLine {
  return { ok: false, source: visible(source), reason };
}

function fromUrl(raw: string): ParsedLine {
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    return refused(raw, 'not a valid link');
  }
  const host = url.hostname.toLowerCase();
  const network = hostNetwork.find(([re]) => re.test(host))?.[1];
  if (!network) return refused(raw, `${host} is not one of the six networks`);
  let parts: string[];
  try {
    parts = url.pathname.split('/').filter(Boolean).map((p) => decodeURIComponent(p));
  } catch {
    return refused(raw, 'that link is not readable (a broken %-escape)');
  }
  const first = parts[0] ?? '';
  if (network === 'youtube') {
    if (first === 'channel') {
      const id = parts[1] ?? '';
      if (youtubeChannelId.test(id)) return account(network, id, raw);
      return refused(raw, id === '' ? 'that YouTube link has no channel id after /channel/' : `the channel id in that link, “${id}”, ${channelIdProblem(id, true)}: copy the whole address again`);
    }
    if (first.startsWith('@') && first.length > 1) return account(network, first.slice(1), raw);
    if ((first === 'c' || first === 'user') && parts[1]) return account(network, parts[1], raw);
    return refused(raw, 'a YouTube link should point at a channel (/channel/UC…, /@name)');
  }
  if (network === 'snapchat') {
    const name = first === 'add' ? parts[1] : first.startsWith('@') ? first.slice(1) : undefined;
    return name ? account(network, name, raw) : refused(raw, 'a Snapchat link should be snapchat.com/add/name');
  }
  if (network === 'tiktok') {
    if (!first.startsWith('@')) return refused(raw, 'a TikTok link should point at a profile (tiktok.com/@name)');
    return account(network, first.slice(1), raw);
  }
  if (!first || reservedPaths[network]?.has(first.toLowerCase())) {
    return refused(raw, `that ${network} link is not a profile`);
  }
  return account(network, first.replace(/^@/, ''), raw);
}

function account(network: Network, name: string, source: string, byUserId = false): ParsedLine {
  const clean = name.trim().replace(/^@/, '');
  const hidden = invisibleCharacterProblem(clean);
  if (hidden) return refused(source, `that name ${hidden}`);
  if (!usernamePattern.test(clean)) return refused(source, `"${clean}" is not a valid ${NETWORK_NAMES[network]} name`);
  if (byUserId) return { ok: true, value: { network, key: clean, apiName: clean, byUserId, account: clean, source } };
  if (network === 'youtube' && youtubeChannelId.test(clean)) {
    // The cache has always keyed channels in lower case; the API needs the id as it is.
    return { ok: true, value: { network, key: clean.toLowerCase(), apiName: clean, byUserId, account: clean, source } };
  }
  const lower = clean.toLowerCase();
  // A TikTok username of digits only (from a profile link) is not the user id of the same digits:
  // it keeps its @, so it reads back as a username and is cached apart from that user id.
  const tiktokDigits = network === 'tiktok' && tiktokUserId.test(clean);
  return { ok: true, value: { network, key: tiktokDigits ? `@${lower}` : lower, apiName: lower, byUserId, account: tiktokDigits ? `@${clean}` : clean, source } };
}

/**
 * One entry. A bare name needs a network (`defaultNetwork`); `network:name` picks one; a YouTube
 * channel id is recognised without one; a long number with TikTok as the network is a user id
 * (with a leading @ it is a username). `explicit`: the network was named for this entry (not a
 * default for bare names), so a text like a broken channel id is that network's name.
 */
export function parseAccountLine(text: string, defaultNetwork: Network | null, explicit = false): ParsedLine {
  // Spaces, tabs and line ends around an entry are not part of it; a byte-order mark is
  // (JavaScript's trim would drop it), and is refused.
  const hidden = invisibleCharacterProblem(text.replace(/^[^\S\ufeff]+|[^\S\ufeff]+$/g, ''));
  if (hidden) return refused(text.trim(), `the text ${hidden}`);
  const raw = text.trim();
  if (!raw) return { ok: false, source: text, reason: 'empty' };
  // A link: a scheme, or a host name followed by a path (a dotted username like khaby.lame is not).
  if (/^[a-z]+:\/\//i.test(raw) || /^[\w-]+(\.[\w-]+)+\//.test(raw)) return fromUrl(raw);
  const prefixed = /^(instagram|youtube|tiktok|twitch|twitter|snapchat):(.+)$/i.exec(raw);
  if (prefixed) return parseAccountLine(prefixed[2]!, prefixed[1]!.toLowerCase() as Network, true);
  if (youtubeChannelId.test(raw)) return account('youtube', raw, raw);
  // Meant as a channel id and not one (a character short, one too many, a stray mark): said so,
  // never read as a name on the chosen network. A network named for it, or an @, makes it a name.
  const notAnId = !raw.startsWith('@') && (defaultNetwork === 'youtube' || !explicit) ? channelIdProblem(raw) : null;
  if (notAnId) return refused(raw, `“${raw}” looks like a YouTube channel id but ${notAnId}: copy the whole id from the channel’s address`);
  if (!defaultNetwork) return refused(raw, 'choose a network, or paste a profile link');
  if (defaultNetwork === 'tiktok' && tiktokUserId.test(raw)) return account('tiktok', raw, raw, true);
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
    // Tabs separate entries pasted from a spreadsheet; any other invisible character (a
    // byte-order mark counts as a space to split on) refuses the line before it is split.
    const hidden = invisibleCharacterProblem(rawLine.replace(/\t/g, ' '));
    if (hidden) {
      out.push(refused(source, `line ${index + 1} is not fetched: it ${hidden}`));
      return;
    }
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
      const key = `${line.value.network}:${line.value.key}:${line.value.byUserId ? 'id' : ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(line);
    }
  });
  return out;
}

/**
 * A batch split to add what can be: the accounts of the lines that read (duplicates dropped), the
 * lines that do not, as typed (left in the box to fix), and what is wrong with each of their
 * entries, a sentence each naming the entry (line numbers would be wrong once the rest is gone).
 */
export function splitAccountBatch(text: string, defaultNetwork: Network | null): { accounts: AccountInput[]; kept: string[]; problems: string[] } {
  const accounts: AccountInput[] = [];
  const kept: string[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    const parsed = parseAccountList(rawLine, defaultNetwork);
    const bad = parsed.find((p) => !p.ok);
    if (bad && !bad.ok) {
      kept.push(rawLine.trim());
      const entries = rawLine.trim().split(/[\s,;]+/).filter(Boolean);
      const said = entries.flatMap((entry) => {
        const one = parseAccountLine(entry, defaultNetwork);
        return one.ok ? [] : [one.reason.includes(one.source) ? sentence(one.reason) : `“${one.source}”: ${one.reason}`];
      });
      // A problem of the line as a whole (a hidden character): its own words, without "line 1".
      problems.push(...(said.length > 0 ? said : [`“${visible(rawLine.trim())}”: ${bad.reason.replace(/^line 1( is not fetched)?: /, '')}`]).map((p) => `${p}.`));
      continue;
    }
    for (const line of parsed) {
      if (!line.ok) continue;
      const key = `${line.value.network}:${line.value.key}:${line.value.byUserId ? 'id' : ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      accounts.push(line.value);
    }
  }
  return { accounts, kept, problems };
}

export type ParsedRef<N extends Network = Network> = { ok: true; value: AccountRef<N> } | { ok: false; reason: string };

/**
 * An account named by a request: read by the rules of Add accounts, for the network the request
 * is about (null when it does not say: then the text itself must, as a link or `network:name`).
 * A text that names an account of another network is refused rather than quietly followed.
 */
export function parseAccountRef<N extends Network>(text: string, network: N | null): ParsedRef<N> {
  const line = parseAccountLine(text, network, network !== null);
  if (!line.ok) return { ok: false, reason: line.reason === 'empty' ? 'Enter an account name or id.' : `${sentence(line.reason)}.` };
  const { key, apiName, byUserId } = line.value;
  if (network !== null && line.value.network !== network) {
    return { ok: false, reason: `"${line.value.account}" is an account on ${line.value.network}, and this asks about ${network}.` };
  }
  return { ok: true, value: { network: line.value.network as N, key, apiName, byUserId } };
}

/** The text that reads back to this reference for its network: what to send main, or put in a report address. */
export function accountText(ref: AccountRef): string {
  if (ref.byUserId || (ref.network === 'youtube' && youtubeChannelId.test(ref.apiName))) return ref.apiName;
  return ref.key;
}

function sentence(reason: string): string {
  return reason.charAt(0).toUpperCase() + reason.slice(1);
}

/** parseAccountRef for a text known to name an account of that network (tests, fixtures): throws when it does not. */
export function accountRef<N extends Network>(network: N, text: string): AccountRef<N> {
  const read = parseAccountRef(text, network);
  if (!read.ok) throw new Error(read.reason);
  return read.value;
}
