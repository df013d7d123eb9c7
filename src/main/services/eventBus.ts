import type { EventName } from '@shared/channels';
import type { EventPayloads, ScoutEvent } from '@shared/contract';

type Listener = (event: ScoutEvent) => void;

/** Events main pushes to whichever renderer is attached (Electron window or browser tab). */
export class EventBus {
  private readonly listeners = new Set<Listener>();

  emit<E extends EventName>(name: E, payload: EventPayloads[E]): void {
    const event = { name, payload } as ScoutEvent;
    for (const listener of this.listeners) listener(event);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
