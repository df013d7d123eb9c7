import crypto from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ImagesRepository, imageKey } from './imagesRepository';
import { PdfsRepository } from '../../../domains/archive/pdfsRepository';
import { NOW, tempDatabase, type TempDatabase } from './testkit';

let t: TempDatabase;
beforeEach(() => (t = tempDatabase()));
afterEach(() => t.dispose());

describe('ImagesRepository', () => {
  it('keys an image by its URL without the expiry query', () => {
    expect(imageKey('http://cdn.test/cdn/avatar/instagram/nasa.png?exp=1790000000')).toBe('http://cdn.test/cdn/avatar/instagram/nasa.png');
    expect(imageKey('https://scontent.cdn/v/t51/p.jpg?stp=dst-jpg&_nc_ht=x&oh=00_abc&oe=66A1B2C3#frag')).toBe('https://scontent.cdn/v/t51/p.jpg?stp=dst-jpg&_nc_ht=x');
    expect(imageKey('https://s3.example/a.png?X-Amz-Expires=300&X-Amz-Signature=abc&v=2')).toBe('https://s3.example/a.png?v=2');
    expect(imageKey('not a url')).toBe('not a url');
  });

  it('round-trips the bytes exactly and finds them under a renewed link', () => {
    const repo = new ImagesRepository(t.db);
    const bytes = crypto.randomBytes(50_000);
    const key = repo.save('http://cdn.test/cdn/thumb/youtube/v1.png?exp=100', { contentType: 'image/png', bytes, fetchedAt: NOW });
    const got = repo.get('http://cdn.test/cdn/thumb/youtube/v1.png?exp=999')!;
    expect(got.key).toBe(key);
    expect(Buffer.isBuffer(got.bytes)).toBe(true);
    expect(got.bytes.equals(bytes)).toBe(true);
    expect(got).toMatchObject({ url: 'http://cdn.test/cdn/thumb/youtube/v1.png?exp=100', contentType: 'image/png', size: 50_000, fetchedAt: NOW });
    // Uint8Array in, the same bytes out; a new fetch replaces.
    const view = new Uint8Array([0, 1, 2, 255, 0]);
    repo.save('http://cdn.test/cdn/thumb/youtube/v1.png?exp=200', { contentType: 'image/jpeg', bytes: view, fetchedAt: NOW + 1 });
    expect([...repo.get('http://cdn.test/cdn/thumb/youtube/v1.png')!.bytes]).toEqual([0, 1, 2, 255, 0]);
    repo.save('http://cdn.test/empty.png', { contentType: 'image/png', bytes: Buffer.alloc(0), fetchedAt: NOW });
    expect(repo.get('http://cdn.test/empty.png')!.bytes.length).toBe(0);
    expect(repo.has('http://cdn.test/cdn/thumb/youtube/v1.png?exp=1')).toBe(true);
    expect(repo.get('http://cdn.test/missing.png')).toBeNull();
    expect(repo.missing(['http://cdn.test/empty.png?exp=5', 'http://cdn.test/new.png?exp=1', 'http://cdn.test/new.png?exp=2'])).toEqual(['http://cdn.test/new.png?exp=1']);
  });
});

describe('PdfsRepository', () => {
  it('records where each PDF of an account was archived, newest first', () => {
    const repo = new PdfsRepository(t.db);
    const pdf = { network: 'youtube' as const, accountKey: 'UCabc', filePath: 'youtube/ucabc-2026-07-04.pdf', pdfUrl: 'http://cdn.test/cdn/pdf/youtube/ucabc.pdf?exp=1', linkExpiresAt: NOW + 28 * 86_400_000, fetchedAt: NOW, bytes: 123_456 };
    const a = repo.save(pdf);
    const b = repo.save({ ...pdf, filePath: 'youtube/ucabc-2026-07-05.pdf', fetchedAt: NOW + 86_400_000, pdfUrl: null, linkExpiresAt: null });
    expect(repo.latest('youtube', 'ucabc')).toEqual({ id: b, ...pdf, accountKey: 'ucabc', filePath: 'youtube/ucabc-2026-07-05.pdf', fetchedAt: NOW + 86_400_000, pdfUrl: null, linkExpiresAt: null, apiName: null, title: null, reportDate: null, kind: 'api' });
    expect(repo.list('youtube', 'ucabc').map((p) => p.id)).toEqual([b, a]);
    expect(repo.all()).toHaveLength(2);
    expect(repo.latest('tiktok', 'ucabc')).toBeNull();
    // What the archive adds: the name asked for, the title and the report date; one row by id, deleted alone.
    const c = repo.save({ ...pdf, filePath: 'youtube/ucabc-3.pdf', apiName: 'UCabc', title: 'A channel', reportDate: NOW - 1000.4 });
    expect(repo.get(c)).toMatchObject({ id: c, apiName: 'UCabc', title: 'A channel', reportDate: NOW - 1000 });
    expect(repo.delete(c)).toBe(true);
    expect(repo.delete(c)).toBe(false);
    expect(repo.get(c)).toBeNull();
    expect(repo.all().map((p) => p.id).sort()).toEqual([a, b].sort());
    // Scout's own client report is kept beside the API's PDFs, said as such.
    const d = repo.save({ ...pdf, filePath: 'youtube/ucabc-client-report.pdf', pdfUrl: null, linkExpiresAt: null, kind: 'client' });
    expect(repo.get(d)?.kind).toBe('client');
    expect(repo.get(a)?.kind).toBe('api');
  });
});
