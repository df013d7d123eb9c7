// The core of useProgress, without React: one subscription to an event main pushes (a fetch's,
// an export's or a sync's progress), calling whatever handler the page holds now. Pure (no DOM,
// no store), so it has its own unit test.
import type { EventName } from '@shared/channels';
import type { EventPayloads, ScoutClient } from '@shared/contract';

/**
 * Listens to `event`, handing each payload to `current()`, the page's latest handler (a page may
 * pass a new one on every render without subscribing again). Returns the unsubscribe.
 */
export function listenForProgress<E extends EventName>(client: Pick<ScoutClient, 'on'>, event: E, current: () => (payload: EventPayloads[E]) => void): () => void {
  return client.on(event, (payload) => current()(payload));
}
