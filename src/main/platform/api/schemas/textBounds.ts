// How long a text read from an API answer or a teammate's record may be once it is a column,
// a row or a cell a researcher pages through. One rule, applied where each answer is parsed:
// the answer itself is kept whole where it is kept (what was paid for is never thrown away),
// only what is read out of it for lists and tables is bounded. A 15 MB username made the
// library's first page 15 MB and held main for seconds.

/**
 * The longest texts kept, far beyond any network's own limits, so only a hostile answer or
 * teammate's record is ever cut (with an ellipsis saying so):
 * - `username`: a handle (Instagram and TikTok allow 30 characters, Twitter 15, YouTube 100).
 * - `title`: a display name, a channel or video title, a category or status name (YouTube's
 *   titles are 100 characters, Instagram's names 30).
 * - `description`: a bio or a channel's description (YouTube's are 1,000 characters, Instagram's
 *   bios 150).
 * - `caption`: a post's own text, which may really be long: Instagram allows 2,200 characters,
 *   TikTok 4,000, a YouTube video's description 5,000. 10,000 is twice the longest.
 */
export const TEXT_LIMITS = { username: 100, title: 200, description: 2000, caption: 10_000 } as const;

/**
 * Values that are no longer themselves once cut (an id, a link, a code, an address): a longer
 * one is read as absent. A URL past 2,048 characters is refused by browsers' own limits long
 * before; an e-mail address is at most 254 (RFC 5321); a code (country, language, a mark such
 * as `very_good`, an age group) is a few characters.
 */
export const VALUE_LIMITS = { id: 100, url: 2048, email: 254, phone: 64, country: 8, language: 16, code: 40 } as const;

/** `text` cut to `max` characters (never half a surrogate pair), an ellipsis saying it was cut. */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text[max - 2] ?? '') ? max - 2 : max - 1;
  return `${text.slice(0, end)}…`;
}

/** A text of a kind in TEXT_LIMITS, cut to its limit; null stays null. */
export function boundedText(text: string | null, kind: keyof typeof TEXT_LIMITS): string | null {
  return text === null ? null : clipText(text, TEXT_LIMITS[kind]);
}

/** A value of a kind in VALUE_LIMITS, or null when it is longer than one can be. */
export function boundedValue(value: string | null, kind: keyof typeof VALUE_LIMITS): string | null {
  return value !== null && value.length > VALUE_LIMITS[kind] ? null : value;
}
