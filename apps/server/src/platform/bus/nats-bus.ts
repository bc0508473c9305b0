import { Code, ConnectError } from "@connectrpc/connect";
import { connect, Events, type NatsConnection, type Subscription } from "nats";
import type { Logger } from "../logger.js";
import { topicKey, type BusEvent, type BusTopic, type ClusterBus, type ControlWatcher } from "./cluster-bus.js";
import { LocalFanout, type DeliveryObserver } from "./local-fanout.js";

/**
 * Many nodes: every event goes through NATS, even to streams on the publishing node, so each node sees the same
 * order. Subjects (named for chat, the bus's first user; renaming them would split a cluster mid-upgrade):
 *   sro.chat.channel.<channelId>    messages of a channel
 *   sro.chat.direct.<characterId>   direct messages to a character
 *   sro.chat.control.<kind>.<id>    bans, access changes and deletions (one wildcard subscription per node);
 *                                   sro.chat.control.node.<nodeId>: each node's figures for the operations wall
 * A node holds one NATS subscription per topic that has local streams, not one per stream.
 */
const PREFIX = "sro.chat";
const CONTROL_WILDCARD = `${PREFIX}.control.>`;
const BROKER_TIMEOUT_MS = 5_000;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export async function createNatsBus<E extends BusEvent>(url: string, logger: Logger, observer?: DeliveryObserver): Promise<ClusterBus<E>> {
  // Pings every 5 s, two unanswered ones mean the link is dead: a silent partition is noticed within ~15 s.
  const nc = await connect({ servers: url, name: "sro-chat", maxReconnectAttempts: -1, reconnectTimeWait: 1_000, pingInterval: 5_000, maxPingOut: 2 });
  const fanout = new LocalFanout<E>(observer);
  const onListenerError = (error: unknown) => logger.error({ err: error }, "bus listener failed");
  // While disconnected the broker drops our subscriptions: other nodes' events pass this node by unseen.
  const regained = new Set<() => void>();
  void watchStatus(nc, logger, {
    onLost: () => fanout.deliverToAll({ type: "bus-lost" }, onListenerError),
    // The client resends our subscriptions on reconnect; after a round trip the broker has them, so whatever is read
    // afresh from now on cannot miss an event published after it.
    onRegained: () =>
      void brokerRoundTrip(nc).then(
        () => {
          for (const listener of regained) {
            try {
              listener();
            } catch (error) {
              onListenerError(error);
            }
          }
        },
        (error: unknown) => logger.warn({ err: error }, "chat bus: no round trip after reconnecting"),
      ),
  });
  const subscriptions = new Map<string, Subscription>();
  const subscribing = new Map<string, Promise<void>>();

  const watchers = new Set<ControlWatcher<E>>();
  const parse = (key: string, data: Uint8Array): E | undefined => {
    try {
      return JSON.parse(decoder.decode(data)) as E;
    } catch (error) {
      logger.warn({ err: error, key }, "chat bus: unreadable event dropped");
      return undefined;
    }
  };
  const deliver = (key: string, data: Uint8Array) => {
    const event = parse(key, data);
    if (event) fanout.deliver(key, event, onListenerError);
  };

  nc.subscribe(CONTROL_WILDCARD, {
    callback: (error, msg) => {
      if (error) return logger.error({ err: error }, "chat bus: control subscription failed");
      // sro.chat.control.<kind>.<id>
      const [, , , kind, id] = msg.subject.split(".");
      if (!kind || !id) return;
      const key = `${kind}:${id}`;
      const event = parse(key, msg.data);
      if (!event) return;
      const topic = { kind, id } as BusTopic;
      for (const watcher of watchers) {
        try {
          watcher(topic, event);
        } catch (error) {
          onListenerError(error);
        }
      }
      fanout.deliver(key, event, onListenerError);
    },
  });
  await brokerRoundTrip(nc);

  return {
    kind: "nats",
    async publish(topic, event) {
      const subject = event.type === "message" ? `${PREFIX}.${topic.kind}.${topic.id}` : `${PREFIX}.control.${topic.kind}.${topic.id}`;
      try {
        nc.publish(subject, encoder.encode(JSON.stringify(event)));
      } catch (error) {
        throw new ConnectError("chat bus unavailable, try again", Code.Unavailable, undefined, undefined, error);
      }
    },
    async subscribe(topic, listener) {
      const key = topicKey(topic);
      if (fanout.add(key, listener)) {
        const subject = subjectOf(topic);
        subscriptions.set(
          key,
          nc.subscribe(subject, {
            callback: (error, msg) => (error ? logger.error({ err: error, subject }, "chat bus: subscription failed") : deliver(key, msg.data)),
          }),
        );
        subscribing.set(
          key,
          brokerRoundTrip(nc).finally(() => subscribing.delete(key)),
        );
      }
      const leave = () => {
        if (!fanout.remove(key, listener)) return;
        subscriptions.get(key)?.unsubscribe();
        subscriptions.delete(key);
      };
      try {
        // Until the broker has our SUB, a message published elsewhere could pass us by.
        await subscribing.get(key);
      } catch (error) {
        leave();
        throw error;
      }
      return leave;
    },
    subscriberCount: () => fanout.size(),
    subscribersOf: (kind) => fanout.sizesOf(kind),
    watchControl(watcher) {
      watchers.add(watcher);
      return () => void watchers.delete(watcher);
    },
    onRegained(listener) {
      regained.add(listener);
      return () => void regained.delete(listener);
    },
    ping: () => brokerRoundTrip(nc),
    async close() {
      if (!nc.isClosed()) await nc.close();
    },
  };
}

function subjectOf(topic: BusTopic): string {
  return `${PREFIX}.${topic.kind}.${topic.id}`;
}

/** A flush is a PING/PONG with the broker: when it returns, everything we sent before it has arrived. */
async function brokerRoundTrip(nc: NatsConnection): Promise<void> {
  if (nc.isClosed()) throw new ConnectError("chat bus is closed", Code.Unavailable);
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      nc.flush(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new ConnectError("chat bus (NATS) did not answer, try again", Code.Unavailable)), BROKER_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

async function watchStatus(nc: NatsConnection, logger: Logger, on: { onLost: () => void; onRegained: () => void }): Promise<void> {
  for await (const status of nc.status()) {
    const data = typeof status.data === "object" ? JSON.stringify(status.data) : String(status.data);
    if (status.type === Events.Disconnect) on.onLost();
    if (status.type === Events.Disconnect || status.type === Events.Error) logger.warn({ nats: status.type, data }, "chat bus: NATS connection problem");
    else if (status.type === Events.Reconnect) {
      logger.info({ nats: status.type }, "chat bus: NATS reconnected");
      on.onRegained();
    }
  }
}
