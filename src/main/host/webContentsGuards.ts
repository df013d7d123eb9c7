// What any page in the desktop app may do beyond showing Scout: nothing. No navigation, redirect
// or frame navigation away from the app, no new windows, no <webview>. Links on the allow-list of
// services/externalLinks go to the system browser instead.
import type { WebContents } from 'electron';
import type { Logger } from '../platform/log';
import { checkExternalUrl } from './externalLinks';

export type GuardedContents = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;

export function guardWebContents(
  contents: GuardedContents,
  deps: { isAppUrl: (url: string) => boolean; openExternal: (url: string) => Promise<void>; logger: Logger },
): void {
  const refuseForeign = (kind: string, event: { preventDefault(): void }, url: string) => {
    if (deps.isAppUrl(url)) return;
    event.preventDefault();
    deps.logger.warn(`refused ${kind} to ${url}`);
  };
  contents.on('will-navigate', (event) => refuseForeign('navigation', event, event.url));
  contents.on('will-redirect', (event) => refuseForeign('redirect', event, event.url));
  // Covers iframes too, which will-navigate does not see.
  contents.on('will-frame-navigate', (event) => refuseForeign('frame navigation', event, event.url));
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    deps.logger.warn('refused a <webview>');
  });
  contents.setWindowOpenHandler(({ url }) => {
    let allowed: string | null = null;
    try {
      allowed = checkExternalUrl(url);
    } catch {
      deps.logger.warn(`refused to open ${url}: not on the allow-list`);
    }
    if (allowed) void deps.openExternal(allowed).catch((error: unknown) => deps.logger.warn('could not open a link', error));
    return { action: 'deny' };
  });
}
