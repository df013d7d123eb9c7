// The plan's last answer (its balances), kept in the workspace's meta so the credit meter and
// the discovery quote work offline. PlanService (workspace/) asks the API and writes it.
import type { PlanInfo } from '@shared/contract';
import type { WorkspaceMeta } from '../platform/cache/workspaceMeta';

export const META_PLAN = 'planInfo';

/** The discovery calls left at the plan's last answer, and when it came; null when never asked. */
export function lastKnownDiscoveryCalls(meta: WorkspaceMeta): { left: number; at: number } | null {
  const stored = meta.get<PlanInfo>(META_PLAN);
  const left = stored?.value?.discovery?.requests;
  return stored && typeof left === 'number' && Number.isFinite(left) ? { left, at: stored.updatedAt } : null;
}

