import { describe, expect, it } from 'vitest';
import { testCdn } from '../cdn';
import { accountProfile } from '../profile';
import { listItems, listSize, savedLists, validateListQuery } from './index';

const v = (query: string) => validateListQuery(new URLSearchParams(query));

function fails(query: string, description: string) {
  expect(v(query)).toEqual({ ok: false, description });
}

describe('validateListQuery (spec 4.12)', () => {
  it('requires an integer id; limit defaults to 100, offset to 0', () => {
    expect(v('id=3')).toEqual({ ok: true, value: { id: 3, limit: 100, offset: 0 } });
    expect(v('id=3&limit=10&offset=40&v=2')).toEqual({ ok: true, value: { id: 3, limit: 10, offset: 40 } });
    fails('', 'Invalid request: id is required');
    fails('limit=5', 'Invalid request: id is required');
    fails('id=abc', 'Invalid request: id must be a positive integer');
    fails('id=1.5', 'Invalid request: id must be a positive integer');
    fails('id=0', 'Invalid request: id must be a positive integer');
    fails('id=', 'Invalid request: id must be a positive integer');
  });

  it('limit is at most 100 (and at least 1)', () => {
    expect(v('id=1&limit=100')).toMatchObject({ ok: true });
    fails('id=1&limit=101', 'Invalid request: limit must be between 1 and 100');
    fails('id=1&limit=0', 'Invalid request: limit must be between 1 and 100');
    fails('id=1&limit=x', 'Invalid request: limit must be an integer');
  });

  it('offset is at least 0', () => {
    fails('id=1&offset=-1', 'Invalid request: offset must be at least 0');
    fails('id=1&offset=1e3', 'Invalid request: offset must be an integer');
  });
});

interface ListItem {
  report_id: number;
  name: string;
  username: string;
  type: string;
  followers: number;
  comment: string | null;
  lists: string;
  created: number;
  er: number;
  audience_age: string;
  audience_geo: string;
  quality_audience?: number;
  aqs?: number;
}

const networkOf: Record<string, 'instagram' | 'youtube' | 'tiktok' | 'twitter' | 'twitch'> = {
  IG: 'instagram',
  YT: 'youtube',
  TT: 'tiktok',
  TW: 'twitter',
  TR: 'twitch',
};

function all(listId: number): ListItem[] {
  const out: ListItem[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = listItems(listId, 100, offset, testCdn) as ListItem[];
    out.push(...page);
    if (page.length < 100) return out;
  }
}

describe('listItems', () => {
  it('has lists 1–6 with 5 to 300 items; unknown ids give null', () => {
    expect(savedLists.map((l) => l.id)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const l of savedLists) {
      const size = listSize(l.id)!;
      expect(size).toBeGreaterThanOrEqual(5);
      expect(size).toBeLessThanOrEqual(300);
      expect(all(l.id)).toHaveLength(size);
    }
    expect(listSize(4)).toBe(5);
    expect(listSize(3)).toBe(300);
    expect(listItems(7, 10, 0, testCdn)).toBeNull();
    expect(listItems(0, 10, 0, testCdn)).toBeNull();
  });

  it('pages with limit and offset, without overlap', () => {
    const whole = all(3);
    expect(listItems(3, 10, 0, testCdn)).toEqual(whole.slice(0, 10));
    expect(listItems(3, 10, 295, testCdn)).toEqual(whole.slice(295));
    expect(listItems(3, 100, 300, testCdn)).toEqual([]);
    const ids = whole.map((i) => `${i.type}:${i.username}`);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('items carry the 2.12 fields, consistent with the account profile', () => {
    for (const l of savedLists) {
      for (const item of all(l.id)) {
        const net = networkOf[item.type]!;
        expect(net).toBeDefined();
        expect(Number.isInteger(item.report_id)).toBe(true);
        expect(Number.isInteger(item.created)).toBe(true);
        expect(item.lists.split(',')).toContain(String(l.id));
        expect(item.comment === null || typeof item.comment === 'string').toBe(true);
        expect(item.audience_age).toMatch(/^(13-17|18-24|25-34|35-44|45-54|55-64|65\+)$/);
        expect(item.audience_geo).toMatch(/^[A-Z]{2}$/);
        if (net === 'youtube') expect(item.username).toMatch(/^UC/);
        else {
          const p = accountProfile(net, item.username);
          expect(item.followers).toBe(p.followers);
          expect(item.er).toBe(p.er);
          expect(item.name).toBe(p.title);
        }
        if (net === 'instagram') {
          expect(typeof item.quality_audience).toBe('number');
          expect(typeof item.aqs).toBe('number');
        } else expect(item.aqs).toBeUndefined();
      }
    }
  });

  it('an account in two lists names both and keeps its report id', () => {
    const inOne = new Map(all(1).map((i) => [i.username, i]));
    const shared = all(6).filter((i) => inOne.has(i.username));
    expect(shared.length).toBeGreaterThan(0);
    for (const item of shared) {
      expect(item.lists).toBe('1,6');
      expect(item.report_id).toBe(inOne.get(item.username)!.report_id);
      expect(item.created).toBe(inOne.get(item.username)!.created);
    }
  });

  it('is deterministic', () => {
    expect(listItems(5, 100, 0, testCdn)).toEqual(listItems(5, 100, 0, testCdn));
  });
});
