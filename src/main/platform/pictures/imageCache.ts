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
  const walk = (node: unknown, depth: number) => {
    if (found.size >= limit || depth > 12 || node === null || typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node as Record<string, unknown>)) {
      if (typeof child === 'string' && pictureKeys.has(key) && /^https?:\/\//.test(child)) found.add(child);
      else walk(child, depth + 1);
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

  /** Fetches the pictures not cached yet; resolves to how many were stored. */
  async ensure(urls: readonly string[]): Promise<number> {
    const missing = this.repo.missing(urls);
    const stored = await Promise.all(missing.map((url) => this.queue.add(() => this.fetchOne(url))));
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
    let url: URL;
    try {
      url = new URL(link);
    } catch {
      throw new Refused('not a URL');
    }
    await this.checkOrigin(url);
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

  private async checkOrigin(url: URL): Promise<void> {
    if (url.protocol === 'https:') return;
    const loopback = url.protocol === 'http:' ? await this.options.loopbackOrigin?.() : null;
    if (loopback && url.origin === loopback) return;
    throw new Refused(`${url.protocol} link refused (https only)`);
  }
}
