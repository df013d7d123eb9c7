import { describe, expect, it } from 'vitest';
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
