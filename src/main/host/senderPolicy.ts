// Which frames may call main over IPC: only Scout's own page, in the top-level frame. An
// iframe, or a page that was somehow navigated elsewhere, gets FORBIDDEN_SENDER.

export interface SenderFrame {
  url: string;
  parent: unknown;
}

export function appUrlMatcher(options: { rendererIndexUrl: string; devServerUrl?: string }): (url: string) => boolean {
  return (url) => {
    if (options.devServerUrl) {
      try {
        return new URL(url).origin === new URL(options.devServerUrl).origin;
      } catch {
        return false;
      }
    }
    // The page itself, whatever its #route.
    return url.split('#')[0]!.split('?')[0] === options.rendererIndexUrl;
  };
}

export function isTrustedSender(frame: SenderFrame | null | undefined, isAppUrl: (url: string) => boolean): boolean {
  return !!frame && frame.parent === null && isAppUrl(frame.url);
}
