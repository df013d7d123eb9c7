// Accounts whose name starts with "xss" carry an HTML payload as text in the places the
// renderer shows API strings: the largest ethnicity, the largest interest, every media caption and
// the first hashtag. End-to-end tests use them to prove API text is shown as text. Deterministic:
// the rest of the report is the account's usual one.
export const HOSTILE_TEXT = '<img src=x onerror=alert(1)>';

export function isHostileName(name: string): boolean {
  return name.trim().toLowerCase().startsWith('xss');
}

export function withHostileText<T>(name: string, body: T): T {
  if (!isHostileName(name)) return body;
  const walk = (node: unknown, key: string): unknown => {
    if (Array.isArray(node)) {
      const items = node.map((item) => walk(item, ''));
      // The largest item, so it is drawn (and easy to hover) however the renderer sorts and cuts.
      const top = largest(items, (item) => (isRecord(item) ? item.value : Array.isArray(item) ? item[1] : null));
      if (key === 'audience_ethnicity' && isRecord(items[top])) items[top] = { ...items[top], name: HOSTILE_TEXT };
      if (key === 'audience_interests' && Array.isArray(items[top])) items[top] = [HOSTILE_TEXT, ...(items[top] as unknown[]).slice(1)];
      // Snapchat's blogger_hashtags: one list of {text, media_count, er_avg} per period.
      if (isRecord(items[0]) && typeof items[0].text === 'string' && 'media_count' in items[0]) items[0] = { ...items[0], text: HOSTILE_TEXT };
      return items;
    }
    if (!isRecord(node)) return node;
    return Object.fromEntries(
      Object.entries(node).map(([k, v]) => [k, k === 'caption' && typeof v === 'string' ? HOSTILE_TEXT : walk(v, k)]),
    );
  };
  return walk(body, '') as T;
}

function largest(items: unknown[], value: (item: unknown) => unknown): number {
  let best = 0;
  items.forEach((item, i) => {
    if (Number(value(item)) > Number(value(items[best]))) best = i;
  });
  return best;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
