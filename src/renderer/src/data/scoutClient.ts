// The renderer's typed client of the contract. In Electron it goes through `window.scout` (the
// preload bridge); in browser mode through HTTP on the same origin, with events over SSE. Either
// way a failure arrives as a ScoutCallError with the code and message main chose.
import type { Channel, EventName } from '@shared/channels';
import type { EventPayloads, RequestOf, ResponseOf, ScoutBridge, ScoutClient, ScoutEvent } from '@shared/contract';
import { isScoutErrorData, type Result } from '@shared/errors';
import { ScoutCallError } from './errors';

export { errorMessage, fieldErrors, ScoutCallError } from './errors';

// The transport below the typed client: the preload bridge, or HTTP in browser mode. It may
// hand back anything (a broken page, a stale server), so answers are checked before use.
interface Bridge {
  invoke(channel: string, request: unknown): Promise<unknown>;
  on(event: string, listener: (payload: unknown) => void): () => void;
}

declare global {
  interface Window {
    scout?: ScoutBridge;
  }
}

function unwrap<T>(result: unknown): T {
  const r = result as Result<T> | null;
  if (r && r.ok === true) return r.value;
  if (r && r.ok === false && isScoutErrorData(r.error)) throw new ScoutCallError(r.error);
  throw new ScoutCallError({ code: 'INTERNAL', message: 'Scout received an answer it could not read from its own background service.' });
}

function httpBridge(): Bridge {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let source: EventSource | null = null;
  const connect = () => {
    source = new EventSource('/events');
    source.onmessage = (message) => {
      let event: ScoutEvent;
      try {
        event = JSON.parse(message.data as string) as ScoutEvent;
      } catch {
        return;
      }
      for (const listener of listeners.get(event.name) ?? []) listener(event.payload);
    };
  };
  return {
    async invoke(channel, request) {
      let response: Response;
      try {
        response = await fetch(`/rpc/${encodeURIComponent(channel)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(request ?? {}),
          credentials: 'same-origin',
        });
      } catch {
        throw new ScoutCallError({
          code: 'INTERNAL',
          message: "Scout's background service is not running. Start it again with `npm run serve` and reload this page.",
        });
      }
      if (response.status === 401) {
        throw new ScoutCallError({
          code: 'FORBIDDEN_SENDER',
          // Sessions last as long as the server process: a restart, or a launch address already
          // used or expired, leaves a tab without one.
          message:
            'This tab has no Scout session (was Scout restarted?). Press Enter in the terminal where `npm run serve` runs for a new one-time address, and open it.',
        });
      }
      return response.json();
    },
    on(event, listener) {
      if (!source) connect();
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
  };
}

export function createScoutClient(bridge: Bridge = (window.scout as Bridge | undefined) ?? httpBridge()): ScoutClient {
  return {
    async invoke<C extends Channel>(channel: C, request: RequestOf<C>): Promise<ResponseOf<C>> {
      return unwrap<ResponseOf<C>>(await bridge.invoke(channel, request));
    },
    on<E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void) {
      return bridge.on(event, listener as (payload: unknown) => void);
    },
  };
}

export const scout: ScoutClient = createScoutClient();

export const hostIsBrowser = typeof window !== 'undefined' && !window.scout;
