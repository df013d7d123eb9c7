import { describe, expect, it } from 'vitest';
import { accountUrl, postUrl } from '@shared/networkLinks';
import { checkExternalUrl } from './externalLinks';

describe('external links', () => {
  it.each(['https://www.instagram.com/nasa/', 'https://youtube.com/channel/UC1', 'https://x.com/nasa', 'https://hypeauditor.com/'])(
    'allows %s',
    (url) => expect(checkExternalUrl(url)).toBe(url),
  );

  it.each([
    'http://instagram.com/nasa',
    'https://evil.example/',
    'https://instagram.com.evil.example/',
    'https://user:pass@instagram.com/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'not a url',
  ])('refuses %s', (url) => expect(() => checkExternalUrl(url)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' })));
});

describe('links to posts and brands (shared/networkLinks) pass the allow-list', () => {
  const channelId = 'UC' + 'a1B2c3D4e5F6g7H8i9J0kL';

  it.each([
    postUrl('instagram', { code: 'C3x_Yz-12ab' }),
    postUrl('youtube', { id: 'dQw4w9WgXcQ' }),
    postUrl('snapchat', { url: 'https://www.snapchat.com/spotlight/abc' }),
    accountUrl('instagram', { username: 'natgeo' }),
    accountUrl('youtube', { channelId }),
    accountUrl('youtube', { username: 'brand' }),
    accountUrl('tiktok', { username: '@brand.shop' }),
    accountUrl('twitch', { username: 'shroud' }),
    accountUrl('twitter', { username: 'nasa' }),
    accountUrl('snapchat', { username: 'snapper' }),
  ])('%s', (url) => {
    expect(url).not.toBeNull();
    expect(checkExternalUrl(url!)).toBe(url);
  });

  it('builds no link from what an answer lacks, and never one off https', () => {
    expect(postUrl('instagram', {})).toBeNull();
    expect(postUrl('youtube', { id: '' })).toBeNull();
    expect(postUrl('snapchat', { url: 'javascript:alert(1)' })).toBeNull();
    expect(postUrl('snapchat', { url: 'http://www.snapchat.com/x' })).toBeNull();
    expect(accountUrl('tiktok', {})).toBeNull();
    // A channel id that is not one is read as a name, and a name cannot leave the network's host.
    expect(accountUrl('youtube', { channelId: 'not-an-id', username: '../../evil.example' })).toBe('https://www.youtube.com/@..%2F..%2Fevil.example');
    expect(new URL(accountUrl('instagram', { username: 'a/../../b?x=1#y' })!).hostname).toBe('www.instagram.com');
  });
});
