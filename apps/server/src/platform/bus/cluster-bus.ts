/**
 * The cluster's event bus: what one node tells every node (a chat message, a ban, a sign-out, a cache reset). It
 * carries tagged JSON values on topics; each service declares the events it publishes beside its code (chat's
 * chat-events.ts, moderation's moderation-events.ts, identity's identity-events.ts), compose.ts wires publishers
 * to subscribers, and create-cluster-bus.ts picks the in-process bus (one node) or NATS (several).
 */

/** Anything the bus carries. Events of type "message" travel on their topic's message subject; every other type is a control event. */
export interface BusEvent {
  readonly type: string;
  /** A message event's publisher's wall clock: the fan-out times publish → stream write with it (chat-figures.ts). */
  readonly publishedAtMs?: number;
}

/**
 * Never published: a bus hands it to every local listener when this node lost the bus (NATS disconnected), so
 * events from other nodes may have passed it by. Listeners that must not miss one (chat streams) end.
 */
export interface BusLostEvent extends BusEvent {
  readonly type: "bus-lost";
}

/** Messages and control events go to channel and direct topics; the other kinds carry control events only. */
export type BusTopic =
  | { kind: "channel"; id: string }
  | { kind: "direct"; id: string }
  | { kind: "character"; id: string }
  | { kind: "user"; id: string }
  /** A registered game server (its WatchPlayerActions streams). */
  | { kind: "game-server"; id: string }
  /** A node's own topic (its figures for the operations wall), or "all" for what every node must do. */
  | { kind: "node"; id: string };

/** What a listener is handed: the events of its topic, and the bus's own news. */
export type Delivered<E extends BusEvent> = E | BusLostEvent;

/** Hears every control event (not messages) of every topic, published on any node. */
export type ControlWatcher<E extends BusEvent> = (topic: BusTopic, event: E) => void;

/**
 * A function, or an object whose `push` takes the event: a stream's subscription registers itself, so a delivery
 * touches one object per stream fewer (with 10,000 streams, each is a likely cache miss).
 */
export type BusListener<E extends BusEvent> = ((event: Delivered<E>) => void) | { push(event: Delivered<E>): void };

/**
 * One bus, seen by each part as the events it publishes and hears. Method syntax on purpose: compose.ts builds one
 * bus for every event of the cluster and hands it to parts that name only their own.
 */
export interface ClusterBus<E extends BusEvent> {
  readonly kind: "in-process" | "nats";
  /** Resolves once every node subscribed to the topic will be handed the event (for NATS: the broker has it). */
  publish(topic: BusTopic, event: E): Promise<void>;
  /** Resolves once events published from now on reach the listener; call the returned function to leave. */
  subscribe(topic: BusTopic, listener: BusListener<E>): Promise<() => void>;
  /** Local listeners across all topics (streams open on this node). */
  subscriberCount(): number;
  /** Local listeners of each topic of this kind, by topic id (the operations wall's open streams; O(topics)). */
  subscribersOf(kind: BusTopic["kind"]): Map<string, number>;
  /** Every control event of every topic from every node, whether or not this node has listeners on the topic. */
  watchControl(watcher: ControlWatcher<E>): () => void;
  /**
   * Called when this node has its link to the other nodes back after losing it (NATS reconnected and resubscribed):
   * whatever they announced meanwhile passed this node by, so what is kept from their events must be read afresh.
   * The in-process bus never loses it.
   */
  onRegained(listener: () => void): () => void;
  /** Throws when the bus cannot deliver (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const topicKey = (topic: BusTopic) => `${topic.kind}:${topic.id}`;
