// Images (avatars, thumbnails), stored when first seen: CDN links die after 28 days. Keyed by
// the URL without its expiry/signature query, so a renewed link finds the stored bytes.
import type Database from 'better-sqlite3';
import type { Db } from '../database';

export interface ImageRecord {
  key: string;
  /** The URL it was last fetched from. */
  url: string;
  contentType: string;
  size: number;
  fetchedAt: number;
  bytes: Buffer;
}

/** Query parameters that only say how long a link lives or sign it (lower case). */
const volatileParams = new Set(['exp', 'expires', 'expiry', 'expires_at', 'expire', 'e', 'oe', 'oh', 'sig', 'signature', 'token', 'x-expires', 'x-signature', 'key-pair-id', 'policy']);

/** A stable key for an image URL: the URL without expiry and signature parameters and fragment. */
export function imageKey(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url.trim();
  }
  for (const name of [...parsed.searchParams.keys()]) {
    const lower = name.toLowerCase();
    if (volatileParams.has(lower) || lower.startsWith('x-amz-')) parsed.searchParams.delete(name);
  }
  parsed.hash = '';
  return parsed.toString();
}

type Row = { key: string; url: string; content_type: string; size: number; fetched_at: number; bytes: Buffer };

export class ImagesRepository {
  private readonly upsert: Database.Statement<[string, string, string, number, number, Buffer]>;
  private readonly byKey: Database.Statement<[string], Row>;
  private readonly hasKey: Database.Statement<[string], number>;

  constructor(db: Db) {
    this.upsert = db.prepare(
      `INSERT INTO images (key, url, content_type, size, fetched_at, bytes) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET url = excluded.url, content_type = excluded.content_type, size = excluded.size,
         fetched_at = excluded.fetched_at, bytes = excluded.bytes`,
    );
    this.byKey = db.prepare('SELECT key, url, content_type, size, fetched_at, bytes FROM images WHERE key = ?');
    this.hasKey = db.prepare<[string], number>('SELECT 1 FROM images WHERE key = ?').pluck();
  }

  /** Stores (or replaces) the image of a URL; returns its key. */
  save(url: string, image: { contentType: string; bytes: Uint8Array; fetchedAt: number }): string {
    const key = imageKey(url);
    const bytes = Buffer.isBuffer(image.bytes) ? image.bytes : Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength);
    this.upsert.run(key, url, image.contentType, bytes.length, Math.round(image.fetchedAt), bytes);
    return key;
  }

  /** The stored image for a URL (any expiry), or null. */
  get(url: string): ImageRecord | null {
    const row = this.byKey.get(imageKey(url));
    if (!row) return null;
    return { key: row.key, url: row.url, contentType: row.content_type, size: row.size, fetchedAt: row.fetched_at, bytes: row.bytes };
  }

  has(url: string): boolean {
    return this.hasKey.get(imageKey(url)) !== undefined;
  }

  /** The URLs whose images are not stored yet (each once). */
  missing(urls: Iterable<string>): string[] {
    const seen = new Set<string>();
    const out: string[] = [];
    for (const url of urls) {
      const key = imageKey(url);
      if (seen.has(key)) continue;
      seen.add(key);
      if (this.hasKey.get(key) === undefined) out.push(url);
    }
    return out;
  }
}
