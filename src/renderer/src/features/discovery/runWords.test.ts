import { describe, expect, it } from 'vitest';
import { quoteText } from './runWords';

describe('the cost in words', () => {
  const base = { sandbox: false, fromPage: 1, toPage: 5, cachedPages: [1, 2, 3], pagesToFetch: [4, 5], calls: 2, queriesLeft: 37, totalPages: null, paidNotHere: [] };
  it('says what is cached, what is fetched, what it spends and what is left', () => {
    expect(quoteText(base)).toBe('Pages 1–5: 3 already cached, 2 to fetch, spend 2 discovery calls; 37 left.');
    expect(quoteText({ ...base, cachedPages: [1, 2, 3, 4, 5], pagesToFetch: [], calls: 0 })).toBe('Pages 1–5: all 5 pages already cached; spends nothing.');
    expect(quoteText({ ...base, fromPage: 2, toPage: 2, cachedPages: [], pagesToFetch: [2], calls: 1, queriesLeft: null })).toBe(
      'Page 2: 1 to fetch, spend 1 discovery call; the calls left are not known.',
    );
    expect(quoteText({ ...base, fromPage: 3, toPage: 3, cachedPages: [3], pagesToFetch: [], calls: 0 })).toBe('Page 3: already cached; spends nothing.');
    // Offline: the credit meter's last figure, said as such (never "not known" beside the meter's 496).
    expect(quoteText({ ...base, queriesLeft: 496, queriesLeftAsOf: Date.UTC(2026, 10, 25, 11, 2) })).toMatch(/^Pages 1–5: 3 already cached, 2 to fetch, spend 2 discovery calls; 496 left when last checked \(.*2026.*\)\.$/);
    expect(quoteText({ ...base, sandbox: true, calls: 0 })).toBe('Sandbox pages 1–5: 3 already cached, 2 to fetch; free (sample data, filters not applied).');
  });

  it('says which pages to fetch were paid for before and lost, before they are paid for again', () => {
    const paidAt = Date.UTC(2026, 10, 25, 12);
    expect(quoteText({ ...base, paidNotHere: [{ page: 4, paidAt }] })).toMatch(
      /^Pages 1–5: 3 already cached, 2 to fetch, spend 2 discovery calls; 37 left\. Already paid for, but their answers were lost on the way \(or are not in a restored backup\): page 4 on .*2026\. Fetching it again spends 1 discovery call more\.$/,
    );
  });
});
