// Whether a workspace talks to the API. A manual switch turns it offline; otherwise it follows
// the last call: a network failure marks it unreachable, an answer marks it online.
import type { ConnectionState } from '@shared/contract';
import { ScoutError } from '@shared/errors';
import type { WorkspaceId } from '@shared/workspaces';

const unreachableCodes = new Set(['NETWORK', 'TIMEOUT', 'API_UNAVAILABLE']);

export class ConnectionTracker {
  private state: Omit<ConnectionState, 'mode'> & { reachable: boolean | null };

  constructor(
    workspace: WorkspaceId,
    manualOffline: boolean,
    private readonly onChange: (state: ConnectionState) => void,
  ) {
    this.state = { workspace, manualOffline, reason: null, checkedAt: null, reachable: null };
  }

  get(): ConnectionState {
    const { reachable, ...rest } = this.state;
    const mode = rest.manualOffline ? 'offline' : reachable === null ? 'unknown' : reachable ? 'online' : 'unreachable';
    return { ...rest, mode };
  }

  setManualOffline(offline: boolean): ConnectionState {
    this.state = { ...this.state, manualOffline: offline };
    return this.changed();
  }

  /** Fails at once when the researcher has switched the workspace offline. */
  assertMayCall(): void {
    if (this.state.manualOffline) {
      throw new ScoutError({
        code: 'OFFLINE',
        message: 'This workspace is offline (switched off in the top bar). Switch it back online to ask the API; cached data stays available.',
      });
    }
  }

  /** Runs a network call and records whether the API could be reached. */
  async track<T>(call: () => Promise<T>, now: () => number = Date.now): Promise<T> {
    this.assertMayCall();
    try {
      const value = await call();
      this.record(true, null, now());
      return value;
    } catch (error) {
      if (error instanceof ScoutError && unreachableCodes.has(error.code)) this.record(false, error.message, now());
      // Any other API answer (a refused token, say) still proves the API is reachable.
      else if (error instanceof ScoutError && error.code.startsWith('API_')) this.record(true, null, now());
      throw error;
    }
  }

  /** The API client's circuit opened (unreachable) or closed again. */
  setReachable(reachable: boolean, reason: string | null, at = Date.now()): void {
    this.record(reachable, reason, at);
  }

  private record(reachable: boolean, reason: string | null, at: number): void {
    const changed = this.state.reachable !== reachable || this.state.reason !== reason;
    this.state = { ...this.state, reachable, reason, checkedAt: at };
    if (changed) this.changed();
  }

  private changed(): ConnectionState {
    const state = this.get();
    this.onChange(state);
    return state;
  }
}
