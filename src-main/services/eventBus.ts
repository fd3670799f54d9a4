// Events from services to whichever front doors are listening. Payloads are validated against the
// contract when emitted, so a transport never forwards something the renderer cannot trust.
import { events, type EventName, type EventPayload } from '../../src-shared/contract';

export type EventListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

export class EventBus {
  private listeners = new Set<EventListener>();

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    const parsed = events[event].parse(payload) as EventPayload<E>;
    for (const listener of this.listeners) {
      try {
        listener(event, parsed);
      } catch (e) {
        // One broken transport must not stop the others from hearing the event.
        console.error(`event listener failed for ${event}:`, e instanceof Error ? e.message : e);
      }
    }
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
