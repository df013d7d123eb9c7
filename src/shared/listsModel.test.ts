import { describe, expect, it } from 'vitest';
import type { ConnectionState, WorkspaceState } from './contract';
import { fieldLabel, fieldText, inListsText, otherFieldKeys, readListId, syncBlocker, syncNoteText } from './listsModel';

const online: ConnectionState = { workspace: 'production', mode: 'online', manualOffline: false, reason: null, checkedAt: 1 };
const workspace = (hasCredentials = true): WorkspaceState => ({
  active: 'production',
  workspaces: [
    {
      id: 'production',
      label: 'Production',
      baseUrl: 'https://x',
      credentials: { workspace: 'production', hasCredentials, accountIdMasked: 'ab…', editable: true, problem: null, origin: 'https://x', keychainAvailable: true },
      problem: null,
    },
  ],
});

describe('syncBlocker', () => {
  it('lets a free sync go only online and with credentials, saying where to go otherwise', () => {
    expect(syncBlocker({ connection: online, workspace: workspace() })).toBeNull();
    expect(syncBlocker({ connection: { ...online, manualOffline: true, mode: 'offline' }, workspace: workspace() })).toMatch(/working offline.*Go online/);
    expect(syncBlocker({ connection: { ...online, mode: 'unreachable', reason: 'Connection refused.' }, workspace: workspace() })).toMatch(/cannot be reached \(Connection refused\)/);
    expect(syncBlocker({ connection: online, workspace: workspace(false) })).toMatch(/Settings → Production API/);
  });
});

describe('the list id field', () => {
  it('takes a whole number from 1 and says what is wrong with anything else', () => {
    expect(readListId(' 12 ')).toEqual({ ok: true, value: 12 });
    expect(readListId('')).toEqual({ ok: false, message: 'Enter the number of a list.' });
    expect(readListId('0')).toEqual({ ok: false, message: 'A list id is a whole number from 1.' });
    for (const bad of ['-3', '1.5', '12a', '1e3', 'twelve']) expect(readListId(bad)).toEqual({ ok: false, message: 'A list id is a whole number, such as 12.' });
    expect(readListId('99999999999999999999').ok).toBe(false);
  });
});

describe("a list item's other fields", () => {
  it('come in a reader’s order, named in words, without the fields that have their own column or are the API’s ids', () => {
    const items = [
      { fields: { zeta: 1, aqs: 80, comment: 'Ask for rates', report_id: 1234567, name: 'x', followers: 5 } },
      { fields: { created: 1_700_000_000, audience_geo: 'US', social_id: '99', id: 7, blogId: 3 } },
    ];
    expect(otherFieldKeys(items)).toEqual(['comment', 'created', 'audience_geo', 'aqs', 'zeta']);
    expect(otherFieldKeys(items).map(fieldLabel)).toEqual(['Comment', 'First requested', 'Main audience country', 'Audience quality (AQS)', 'Zeta']);
    expect(fieldLabel('some_new_field')).toBe('Some new field');
  });

  it('show each value by the one formatter: dates, shares, counts; ids as sent; missing as —', () => {
    expect(fieldText('created', 1_700_000_000).text).toMatch(/2023/);
    expect(fieldText('created', 1_700_000_000_000).text).toBe(fieldText('created', 1_700_000_000).text);
    expect(fieldText('auth_engagement', 3.456).text).toBe('3.46 %');
    expect(fieldText('quality_audience', 1_204_784)).toEqual({ text: '1.2M', title: '1,204,784' });
    expect(fieldText('comment', null).text).toBe('—');
    expect(fieldText('audience_geo', 'tr')).toEqual({ text: 'Türkiye', title: 'tr' });
    expect(fieldText('extra', { a: 1 })).toEqual({ text: '{"a":1}', title: '{"a":1}' });
  });
});

describe('the lists holding an item', () => {
  it('are said by the names the researcher gave them, by number only while unnamed', () => {
    expect(inListsText([{ listId: 2, name: 'Summer shortlist' }, { listId: 5, name: null }])).toBe('Summer shortlist, List 5');
    expect(inListsText([])).toBe('—');
  });
});

describe('a sync’s line', () => {
  it('names the list as it is called now: by its number until it is named, by its name once it is (after the sync too)', () => {
    const synced = { tone: 'ok' as const, listId: 6, itemCount: 210, complete: true };
    expect(syncNoteText(synced, null)).toBe('List 6: 210 items in the cache. Nothing was spent.');
    expect(syncNoteText(synced, 'Summer shortlist')).toBe('Summer shortlist: 210 items in the cache. Nothing was spent.');
    expect(syncNoteText({ ...synced, itemCount: 1, complete: false }, 'Summer shortlist')).toBe('Summer shortlist: 1 item in the cache (the API stopped before the end: sync again for the rest). Nothing was spent.');
    expect(syncNoteText({ tone: 'error', listId: 6, words: 'The API cannot be reached.' }, 'Summer shortlist')).toBe('Summer shortlist was not synced: The API cannot be reached.');
  });
});
