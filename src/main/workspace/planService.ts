import type { PlanInfo, PlanState } from '@shared/contract';
import type { WorkspaceId } from '@shared/workspaces';
import type { EventBus } from '../kernel/eventBus';
import type { Workspace } from './workspace';

import { META_PLAN } from '../kernel/planInfo';

/** The plan's balances: the last answer is kept so the credit meter works offline, with its age. */
export class PlanService {
  constructor(private readonly events: EventBus) {}

  cached(ws: Workspace): PlanState {
    const stored = ws.meta.get<PlanInfo>(META_PLAN);
    return { workspace: ws.id, plan: stored?.value ?? null, fetchedAt: stored?.updatedAt ?? null };
  }

  /** Asks the API (planInfo spends no credit), remembers the answer and tells the renderer. */
  async refresh(ws: Workspace, isActive: (id: WorkspaceId) => boolean): Promise<PlanState> {
    const plan = await ws.connection.track(async () => (await ws.api()).planInfo());
    ws.meta.set(META_PLAN, plan);
    const state = this.cached(ws);
    if (isActive(ws.id)) this.events.emit('plan:changed', state);
    return state;
  }
}
