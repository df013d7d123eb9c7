import type { Db } from './database';

/** Small per-workspace values, stored as JSON. */
export class WorkspaceMeta {
  constructor(private readonly db: Db) {}

  get<T>(key: string): { value: T; updatedAt: number } | null {
    const row = this.db.prepare('SELECT value, updated_at FROM workspace_meta WHERE key = ?').get(key) as
      | { value: string; updated_at: number }
      | undefined;
    if (!row) return null;
    return { value: JSON.parse(row.value) as T, updatedAt: row.updated_at };
  }

  set(key: string, value: unknown, now = Date.now()): void {
    this.db
      .prepare(
        `INSERT INTO workspace_meta (key, value, updated_at) VALUES (?, ?, ?)
         ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
      )
      .run(key, JSON.stringify(value), now);
  }
}
