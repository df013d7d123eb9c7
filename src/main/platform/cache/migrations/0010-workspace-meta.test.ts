import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration0010 } from './0010-workspace-meta';
import { WorkspaceMeta } from '../workspaceMeta';

describe('0010 workspace-meta', () => {
  it('creates a key/value table that keeps the latest value', () => {
    const db = new Database(':memory:');
    migration0010.up(db);
    const meta = new WorkspaceMeta(db);
    meta.set('baseUrl', 'https://a.example', 1000);
    meta.set('baseUrl', 'https://b.example', 2000);
    expect(meta.get('baseUrl')).toEqual({ value: 'https://b.example', updatedAt: 2000 });
    expect(meta.get('missing')).toBeNull();
  });
});
