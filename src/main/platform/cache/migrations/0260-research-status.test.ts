import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../../../test/support';
import { DEFAULT_STATUS_STEPS } from '@shared/workflow';
import { openDatabase } from '../database';
import { migrations } from '.';
import { migration0260 } from './0260-research-status';

describe('0260 research status', () => {
  it('seeds the default steps in order and keeps notes and tags already there, without a status', () => {
    const before = migrations.filter((m) => m.version < migration0260.version);
    const file = path.join(tempDir(), 'workspace.sqlite');
    const db = openDatabase(file, { migrations: before });
    db.prepare("INSERT INTO account_notes (network, account_key, note, tags, updated_at) VALUES ('instagram', 'natgeo', 'Pitch in May', '[\"travel\"]', 5)").run();
    db.close();
    const migrated = openDatabase(file, { migrations });
    expect(migrated.prepare('SELECT id, label FROM status_steps ORDER BY position').all()).toEqual(DEFAULT_STATUS_STEPS);
    expect(migrated.prepare('SELECT note, tags, status FROM account_notes').all()).toEqual([{ note: 'Pitch in May', tags: '["travel"]', status: null }]);
    migrated.prepare("UPDATE account_notes SET status = 'contacted' WHERE account_key = 'natgeo'").run();
    expect(() => migrated.prepare("UPDATE account_notes SET status = '' WHERE account_key = 'natgeo'").run()).toThrow(/CHECK/);
    migrated.close();
  });
});
