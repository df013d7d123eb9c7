// The snapshots a comparison shows, read by id from the cache.
import type { SnapshotDetail } from '@shared/contract';
import { scout } from '../../data/scoutClient';
import { useScoutQuery } from '../../data/useScoutQuery';
import { plural } from '../../shared/ui';

/** Reads snapshots by id from the cache; null until all are there. */
export function useSnapshots(ids: number[] | null): { snapshots: SnapshotDetail[] | null; error: string | null } {
  // `key` stands for the ids.
  const key = ids ? ids.join(',') : null;
  const read = useScoutQuery(
    async () => {
      const found = await Promise.all(key!.split(',').map((id) => scout.invoke('reports:snapshot', { id: Number(id) })));
      const missing = found.filter((s) => s === null).length;
      if (missing > 0) throw new Error(`${plural(missing, 'snapshot')} of this comparison ${missing === 1 ? 'is' : 'are'} no longer in the cache.`);
      return found as SnapshotDetail[];
    },
    [key],
    { enabled: key !== null },
  );
  return key === null ? { snapshots: null, error: null } : { snapshots: read.error ? null : (read.data ?? null), error: read.error };
}
