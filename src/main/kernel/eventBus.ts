import type { EventName } from '@shared/channels';
import type { EventPayloads, ScoutEvent } from '@shared/contract';
import { redactDeep } from '../platform/redact';

type Listener = (event: ScoutEvent) => void;

/** Events main pushes to whichever renderer is attached (Electron window or browser tab). */
export class EventBus {
  private readonly listeners = new Set<Listener>();

  /**
   * `redact` runs over every string of a payload before any listener sees it: events carry
   * error messages (a fetch's progress, a connection's reason) that may quote an upstream.
   */
  constructor(private readonly redact: (text: string) => string = (text) => text) {}

  emit<E extends EventName>(name: E, payload: EventPayloads[E]): void {
    const event = { name, payload: redactDeep(payload, this.redact) } as ScoutEvent;
    for (const listener of this.listeners) listener(event);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
