import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration0070 } from './0070-files';

describe('0070 files', () => {
  it('stores image bytes exactly, one row per key', () => {
    const db = new Database(':memory:');
    migration0070.up(db);
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0x00]);
    const insert = db.prepare('INSERT INTO images (key, url, content_type, size, fetched_at, bytes) VALUES (?, ?, ?, ?, ?, ?)');
    insert.run('http://cdn/a.png', 'http://cdn/a.png?exp=1', 'image/png', bytes.length, 1000, bytes);
    expect(() => insert.run('http://cdn/a.png', 'http://cdn/a.png?exp=2', 'image/png', 1, 1000, Buffer.from([1]))).toThrow(/UNIQUE|PRIMARY KEY/);
    const row = db.prepare('SELECT bytes FROM images WHERE key = ?').get('http://cdn/a.png') as { bytes: Buffer };
    expect(Buffer.compare(row.bytes, bytes)).toBe(0);
    expect(() => insert.run('k', 'u', 'image/png', 1, 1000, 'not bytes')).toThrow(/TEXT value in BLOB/);
  });

  it('records PDFs by account and time', () => {
    const db = new Database(':memory:');
    migration0070.up(db);
    db.prepare("INSERT INTO pdfs (network, account_key, file_path, pdf_url, link_expires_at, fetched_at, bytes) VALUES ('youtube', 'ucx', 'youtube/ucx-1.pdf', 'http://cdn/x.pdf', 5, 1, 2048)").run();
    expect(db.prepare("SELECT file_path FROM pdfs WHERE network = 'youtube' AND account_key = 'ucx' ORDER BY fetched_at DESC").pluck().get()).toBe('youtube/ucx-1.pdf');
  });
});
