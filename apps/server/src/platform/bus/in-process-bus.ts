import { topicKey, type BusEvent, type ClusterBus, type ControlWatcher } from "./cluster-bus.js";
import { LocalFanout, type DeliveryObserver } from "./local-fanout.js";

/** One node: events go straight from the publisher to this process's streams. */
export function createInProcessBus<E extends BusEvent>(onError: (error: unknown) => void, observer?: DeliveryObserver): ClusterBus<E> {
  const fanout = new LocalFanout<E>(observer);
  const watchers = new Set<ControlWatcher<E>>();
  let closed = false;
  return {
    kind: "in-process",
    async publish(topic, event) {
      if (closed) throw new Error("cluster bus is closed");
      if (event.type !== "message") {
        for (const watcher of watchers) {
          try {
            watcher(topic, event);
          } catch (error) {
            onError(error);
          }
        }
      }
      fanout.deliver(topicKey(topic), event, onError);
    },
    async subscribe(topic, listener) {
      const key = topicKey(topic);
      fanout.add(key, listener);
      return () => void fanout.remove(key, listener);
    },
    subscriberCount: () => fanout.size(),
    subscribersOf: (kind) => fanout.sizesOf(kind),
    watchControl(watcher) {
      watchers.add(watcher);
      return () => void watchers.delete(watcher);
    },
    // One node: nothing to lose.
    onRegained: () => () => {},
    async ping() {
      if (closed) throw new Error("cluster bus is closed");
    },
    async close() {
      closed = true;
    },
  };
}
