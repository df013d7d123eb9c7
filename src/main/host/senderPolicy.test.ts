import { describe, expect, it } from 'vitest';
import { appUrlMatcher, isTrustedSender } from './senderPolicy';
import { APP_INDEX_URL } from './appProtocol';

const packaged = appUrlMatcher({ rendererIndexUrl: APP_INDEX_URL });

describe('IPC sender policy', () => {
  it("trusts Scout's own page in the top frame, whatever its route", () => {
    expect(isTrustedSender({ url: 'app://scout/index.html#/settings', parent: null }, packaged)).toBe(true);
    expect(isTrustedSender({ url: 'app://scout/index.html?x=1', parent: null }, packaged)).toBe(true);
  });

  it('refuses frames inside the page, other files and other sites', () => {
    expect(isTrustedSender({ url: 'app://scout/index.html', parent: {} }, packaged)).toBe(false);
    expect(isTrustedSender({ url: 'app://scout/assets/evil.html', parent: null }, packaged)).toBe(false);
    expect(isTrustedSender({ url: 'app://scout.evil/index.html', parent: null }, packaged)).toBe(false);
    // The page used to be a file; no file is Scout's page any more.
    expect(isTrustedSender({ url: 'file:///opt/scout/out/renderer/index.html', parent: null }, packaged)).toBe(false);
    expect(isTrustedSender({ url: 'file:///tmp/evil.html', parent: null }, packaged)).toBe(false);
    expect(isTrustedSender({ url: 'https://example.com/', parent: null }, packaged)).toBe(false);
    expect(isTrustedSender(null, packaged)).toBe(false);
  });

  it('trusts only the dev server origin in development', () => {
    const dev = appUrlMatcher({ rendererIndexUrl: APP_INDEX_URL, devServerUrl: 'http://localhost:5173' });
    expect(dev('http://localhost:5173/#/accounts')).toBe(true);
    expect(dev('http://localhost:5174/')).toBe(false);
    expect(dev('not a url')).toBe(false);
  });
});
