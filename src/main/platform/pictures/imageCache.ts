// Pictures (avatars, thumbnails) are fetched into the workspace's cache the first time they are
// seen: the API's CDN links die after 28 days, and the researcher works offline. Best effort: a
// picture that cannot be fetched now is tried again the next time it is seen.
//
// The links come from API data, so they are treated as untrusted: https only (plus the demo
// simulator's own loopback origin), redirects followed only within the same origin and only a
// few times, and never more than MAX_BYTES read, whatever the server declares or sends.
import PQueue from 'p-queue';
import { BodyTooLarge, readCapped } from '../net/cappedBody';
import type { ImagesRepository } from '../cache/repositories';
import type { Logger } from '../log';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGE_REDIRECTS = 3;
const pictureKeys = new Set(['avatar_url', 'photo_url', 'thumbnail', 'preview_url', 'avatarUrl']);
const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/** Every picture link in an API answer (bounded, so a huge media map cannot stall a save). */
export function pictureUrls(value: unknown, limit = 500): string[] {
  const found = new Set<string>();
  // Keys and items by index, not Object.entries: a join walks ten thousand reports (issue 39).
  const walk = (node: unknown, depth: number) => {
    if (found.size >= limit || depth > 12 || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) walk(node[i], depth + 1);
      return;
    }
    const object = node as Record<string, unknown>;
    const keys = Object.keys(object);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const child = object[key];
      if (typeof child === 'string') {
        if (pictureKeys.has(key) && (child.startsWith('https://') || child.startsWith('http://'))) found.add(child);
      } else walk(child, depth + 1);
    }
  };
  walk(value, 0);
  return [...found];
}

export interface ImageCacheOptions {
  fetch?: typeof fetch;
  now?: () => number;
  /** An http origin also accepted: the demo workspace's simulator on loopback. */
  loopbackOrigin?: () => Promise<string | null>;
  maxBytes?: number;
  timeoutMs?: number;
}

function urlOf(link: string): URL | null {
  try {
    return new URL(link);
  } catch {
    return null;
  }
}

/** Why a link may not be fetched (not a URL, not https, http off the allowed loopback origin); null: it may. */
function refusal(url: URL | null, loopback: string | null): string | null {
  if (!url) return 'not a URL';
  if (url.protocol === 'https:' || (url.protocol === 'http:' && loopback !== null && url.origin === loopback)) return null;
  return `${url.protocol} link refused (https only)`;
}

/** Why a picture was not stored (for the debug log; never shown as an error). */
class Refused extends Error {}

export class ImageCache {
  private readonly queue = new PQueue({ concurrency: 4 });
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => number;
  private readonly maxBytes: number;

  constructor(
    private readonly repo: ImagesRepository,
    private readonly logger?: Logger,
    private readonly options: ImageCacheOptions = {},
  ) {
    this.fetchImpl = options.fetch ?? fetch;
    this.now = options.now ?? Date.now;
    this.maxBytes = options.maxBytes ?? MAX_IMAGE_BYTES;
  }

  /**
   * Fetches the pictures not cached yet; resolves to how many were stored. A link that may not be
   * fetched is refused here, before it is queued: a join of 10,000 reports sees ~100,000 links.
   */
  async ensure(urls: readonly string[]): Promise<number> {
    const missing = this.repo.missing(urls);
    if (missing.length === 0) return 0;
    const parsed = missing.map(urlOf);
    // Asked once, and only when there is an http link (the demo's simulator may start for it).
    const loopback = parsed.some((url) => url?.protocol === 'http:') ? await this.loopbackOrigin() : null;
    const allowed = missing.map((link, i) => {
      const refused = refusal(parsed[i] ?? null, loopback);
      if (refused) this.logger?.debug(`picture not stored: ${refused}`);
      return refused ? null : link;
    });
    const stored = await Promise.all(allowed.map((link) => (link === null ? false : this.queue.add(() => this.fetchOne(link)))));
    return stored.filter(Boolean).length;
  }

  get(url: string): { contentType: string; bytes: Uint8Array } | null {
    const record = this.repo.get(url);
    return record ? { contentType: record.contentType, bytes: record.bytes } : null;
  }

  private async fetchOne(url: string): Promise<boolean> {
    try {
      const { contentType, bytes } = await this.download(url);
      this.repo.save(url, { contentType, bytes, fetchedAt: this.now() });
      return true;
    } catch (error) {
      this.logger?.debug(`picture not stored: ${(error as Error).message}`);
      return false;
    }
  }

  private async download(link: string): Promise<{ contentType: string; bytes: Uint8Array }> {
    // Its origin was checked before it was queued (ensure).
    let url = new URL(link);
    const origin = url.origin;
    const signal = AbortSignal.timeout(this.options.timeoutMs ?? 15_000);
    for (let redirects = 0; ; redirects++) {
      const response = await this.fetchImpl(url, { signal, redirect: 'manual' });
      if (redirectStatuses.has(response.status)) {
        await response.body?.cancel();
        const location = response.headers.get('location');
        if (!location) throw new Refused(`HTTP ${response.status} without a location`);
        if (redirects >= MAX_IMAGE_REDIRECTS) throw new Refused(`more than ${MAX_IMAGE_REDIRECTS} redirects`);
        const next = new URL(location, url);
        if (next.origin !== origin) throw new Refused(`redirect to another host (${next.host}) refused`);
        url = next;
        continue;
      }
      const contentType = response.headers.get('content-type') ?? '';
      if (!response.ok || !contentType.startsWith('image/')) {
        await response.body?.cancel();
        throw new Refused(`HTTP ${response.status}, ${contentType || 'no type'}`);
      }
      let bytes: Uint8Array;
      try {
        bytes = await readCapped(response, this.maxBytes);
      } catch (error) {
        if (error instanceof BodyTooLarge) throw new Refused(`${error.declared ? 'declared' : 'body passed'} over the ${this.maxBytes}-byte limit`);
        throw error;
      }
      if (bytes.length === 0) throw new Refused('empty body');
      return { contentType, bytes };
    }
  }

  /** The loopback origin allowed (the demo's simulator); null when there is none or it cannot be told. */
  private async loopbackOrigin(): Promise<string | null> {
    try {
      return (await this.options.loopbackOrigin?.()) ?? null;
    } catch (error) {
      this.logger?.debug(`pictures: the loopback origin could not be told: ${(error as Error).message}`);
      return null;
    }
  }
}
