import type { Db } from '../database';

export interface CacheStats {
  reports: number;
  snapshots: number;
  /** Size of the database: page_count × page_size (WAL content included). */
  bytes: number;
}

export function cacheStats(db: Db): CacheStats {
  const count = (table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
  const pageCount = db.pragma('page_count', { simple: true }) as number;
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  return { reports: count('reports'), snapshots: count('report_snapshots'), bytes: pageCount * pageSize };
}
