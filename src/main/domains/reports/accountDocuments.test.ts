import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testCdn } from '../../../simulator/data/cdn';
import { generateInstagramHistory, generateTiktokBrandMentions, generateTwitterHistory, generateYoutubeBrandMentions } from '../../../simulator/data/reports';
import { HistoryRepository, MentionsRepository } from './accountDocuments';
import { NOW, tempDatabase, type TempDatabase } from '../../platform/cache/repositories/testkit';

let t: TempDatabase;
beforeEach(() => (t = tempDatabase()));
afterEach(() => t.dispose());

const input = (network: 'instagram' | 'twitter' | 'tiktok' | 'youtube', now = NOW) => ({ network, name: 'nasa', now, cdn: testCdn, lowConfidence: false });

describe('HistoryRepository and MentionsRepository', () => {
  it('round-trip metrics history, every fetch kept, the newest first', () => {
    const repo = new HistoryRepository(t.db);
    const older = generateTwitterHistory(input('twitter'));
    const newer = generateTwitterHistory(input('twitter', NOW + 7 * 86_400_000));
    const a = repo.save('twitter', 'NASA', older, NOW);
    const b = repo.save('twitter', 'nasa', newer, NOW + 1);
    repo.save('instagram', 'nasa', generateInstagramHistory(input('instagram')), NOW);
    expect(repo.latest('twitter', 'nasa')).toEqual({ id: b, network: 'twitter', accountKey: 'nasa', fetchedAt: NOW + 1, result: newer });
    expect(repo.get(a)!.result).toEqual(older);
    expect(repo.list('twitter', 'nasa').map((f) => f.id)).toEqual([b, a]);
    expect(repo.latest('twitter', 'other')).toBeNull();
    expect(repo.get(999)).toBeNull();
  });

  it('round-trip brand mentions of both shapes, apart from the history', () => {
    const repo = new MentionsRepository(t.db);
    const tiktok = generateTiktokBrandMentions(input('tiktok'));
    const youtube = generateYoutubeBrandMentions(input('youtube'));
    repo.save('tiktok', 'nasa', tiktok, NOW);
    repo.save('youtube', 'UCnasa', youtube, NOW);
    expect(repo.latest('tiktok', 'nasa')!.result).toEqual(tiktok);
    expect(repo.latest('youtube', 'ucnasa')!.result).toEqual(youtube);
    expect(new HistoryRepository(t.db).latest('tiktok', 'nasa')).toBeNull();
  });
});
