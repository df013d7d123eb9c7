// Pictures (avatars, thumbnails) are fetched into the workspace's cache the first time they are
// seen: the API's CDN links die after 28 days, and the researcher works offline. Best effort: a
// picture that cannot be fetched now is tried again the next time it is seen.
import PQueue from 'p-queue';
import type { ImagesRepository } from '../cache/repositories';
import type { Logger } from '../log';

const MAX_BYTES = 5 * 1024 * 1024;
const pictureKeys = new Set(['avatar_url', 'photo_url', 'thumbnail', 'preview_url', 'avatarUrl']);

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

export class ImageCache {
  private readonly queue = new PQueue({ concurrency: 4 });

  constructor(
    private readonly repo: ImagesRepository,
    private readonly logger?: Logger,
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly now: () => number = Date.now,
  ) {}

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
      const response = await this.fetchImpl(url, { signal: AbortSignal.timeout(15_000), redirect: 'follow' });
      const contentType = response.headers.get('content-type') ?? '';
      if (!response.ok || !contentType.startsWith('image/')) {
        this.logger?.debug(`picture not stored (HTTP ${response.status}, ${contentType || 'no type'})`);
        return false;
      }
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (bytes.length === 0 || bytes.length > MAX_BYTES) return false;
      this.repo.save(url, { contentType, bytes, fetchedAt: this.now() });
      return true;
    } catch (error) {
      this.logger?.debug(`picture not stored: ${(error as Error).message}`);
      return false;
    }
  }
}
