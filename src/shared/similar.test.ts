import { describe, expect, it } from 'vitest';
import { validateDiscoveryQuery } from './discovery';
import { similarIdOf } from './similar';

describe('the identifier "Find similar" sends', () => {
  it('is the username on Instagram, the channel id on YouTube, the account id on TikTok, and one Discovery accepts', () => {
    const cases = [
      similarIdOf('instagram', { username: '@NatGeo', accountId: '787132' }),
      similarIdOf('youtube', { username: 'mkbhd', accountId: 'UCBJycsmduvYEL83R_U4JriQ' }),
      similarIdOf('tiktok', { username: 'khaby.lame', accountId: '6881290705605477381' }),
    ];
    expect(cases).toEqual([
      { network: 'instagram', id: 'natgeo' },
      { network: 'youtube', id: 'UCBJycsmduvYEL83R_U4JriQ' },
      { network: 'tiktok', id: '6881290705605477381' },
    ]);
    for (const c of cases) expect(validateDiscoveryQuery({ social_network: c!.network, similar: c!.id })).toEqual({ ok: true, body: { social_network: c!.network, similar: c!.id } });
  });

  it('is nothing where the network has no such search or the report does not say', () => {
    expect(similarIdOf('twitch', { username: 'ninja', accountId: '1' })).toBeNull();
    expect(similarIdOf('twitter', { username: 'nasa', accountId: '11348282' })).toBeNull();
    expect(similarIdOf('snapchat', { username: 'snap', accountId: null })).toBeNull();
    expect(similarIdOf('youtube', { username: 'mkbhd', accountId: null })).toBeNull();
    expect(similarIdOf('youtube', { username: 'mkbhd', accountId: 'mkbhd' })).toBeNull();
    expect(similarIdOf('tiktok', { username: 'khaby.lame', accountId: 'khaby.lame' })).toBeNull();
    expect(similarIdOf('instagram', { username: 'not a name', accountId: null })).toBeNull();
    expect(similarIdOf('instagram', { username: null, accountId: null })).toBeNull();
  });
});
