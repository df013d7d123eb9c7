// What the full-text index holds, taken from the API's JSON, and the user's search text made
// into an FTS5 query that cannot be a syntax error.
import type { Network } from '../../api/types';
import { clipText, TEXT_LIMITS } from '../../api/schemas/textBounds';
import { at, isObject, itemsOf, type JsonObject } from './common';

export interface TextPart {
  /** Captions, post texts, video titles and descriptions, one per line. */
  text: string;
  /** Hashtags without `#`, space separated. */
  tags: string;
}

export const emptyPart: TextPart = { text: '', tags: '' };

const hashtagRe = /#([\p{L}\p{N}_]+)/gu;

/** `#tags` written inside free text, without the `#`. */
export function hashtagsIn(text: string): string[] {
  return [...text.matchAll(hashtagRe)].map((m) => m[1]!);
}

/**
 * The non-blank texts, each bounded as a caption is (textBounds.ts): a title or post text longer
 * than any network allows is indexed by its first 10,000 characters, the report kept whole.
 */
function texts(values: Iterable<unknown>): string[] {
  const out: string[] = [];
  for (const v of values) if (typeof v === 'string' && v.trim() !== '') out.push(clipText(v.trim(), TEXT_LIMITS.caption));
  return out;
}

/** Joins lines and tags, the tags de-duplicated (case-insensitively) and taken from the text too. */
export function textPart(lines: readonly string[], tags: readonly string[] = []): TextPart {
  const seen = new Map<string, string>();
  for (const tag of [...tags, ...lines.flatMap(hashtagsIn)]) {
    const clean = tag.replace(/^#+/, '').trim();
    if (clean && !seen.has(clean.toLowerCase())) seen.set(clean.toLowerCase(), clean);
  }
  return { text: lines.join('\n'), tags: [...seen.values()].join(' ') };
}

/** Post texts and hashtags carried inside a report (the media of the account are indexed apart). */
export function reportTextPart(network: Network, result: JsonObject): TextPart {
  const lines: string[] = [];
  const tags: string[] = [];
  switch (network) {
    case 'instagram': {
      lines.push(...texts(itemsOf(at(result, 'user', 'blogger_categories'))));
      break;
    }
    case 'youtube': {
      // The YouTube report carries the channel's recent videos.
      for (const video of itemsOf(at(result, 'media'))) lines.push(...texts([at(video, 'title'), at(video, 'description')]));
      break;
    }
    case 'tiktok': {
      const data = at(result, 'report', 'features', 'blogger_challenges_performance', 'data');
      for (const post of itemsOf(at(data, 'posts'))) {
        lines.push(...texts([at(post, 'basic', 'text')]));
        tags.push(...texts(itemsOf(at(post, 'basic', 'challenges')).map((c) => (isObject(c) ? c.title : c))));
      }
      tags.push(...texts(itemsOf(at(data, 'challenges')).map((c) => (isObject(c) ? c.title : c))));
      break;
    }
    case 'snapchat': {
      const features = at(result, 'report', 'features');
      for (const media of itemsOf(at(features, 'last_media', 'data'))) tags.push(...texts(itemsOf(at(media, 'features', 'hashtags'))));
      for (const period of itemsOf(at(features, 'blogger_hashtags', 'data', 'performance'))) {
        tags.push(...texts(itemsOf(period).map((h) => at(h, 'text'))));
      }
      break;
    }
    case 'twitch': {
      for (const game of itemsOf(at(result, 'report', 'features', 'games', 'data'))) lines.push(...texts([at(game, 'basic', 'title')]));
      break;
    }
    case 'twitter':
      break;
  }
  return textPart(lines, tags);
}

/**
 * The username as written and, when it has separators, run together: `kalo.travels` is found
 * by `kalo`, `travels` and `kalotravels`.
 */
export function usernameText(username: string): string {
  const joined = username.replace(/[^\p{L}\p{N}]+/gu, '');
  return joined && joined !== username ? `${username} ${joined}` : username;
}

/**
 * The user's text as an FTS5 query: every word must match (as a phrase of its tokens, so
 * `kalo.travels` finds the username), the last one as a prefix once it has two characters.
 * Quotes, operators (`AND`, `OR`, `NOT`, `NEAR`), `*`, `^`, `:`, parentheses and emoji are
 * only text here. Null when nothing searchable is left.
 */
export function toMatchQuery(text: string): string | null {
  const words = text
    .normalize('NFKC')
    // Keep letters, digits and combining marks; everything else separates.
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter((w) => w !== '')
    .slice(0, 16);
  if (words.length === 0) return null;
  const endsInWord = /[\p{L}\p{N}\p{M}]$/u.test(text.normalize('NFKC'));
  return words
    .map((word, i) => {
      const phrase = `"${word}"`;
      const last = i === words.length - 1;
      return last && endsInWord && [...word].length >= 2 ? `${phrase}*` : phrase;
    })
    .join(' ');
}
