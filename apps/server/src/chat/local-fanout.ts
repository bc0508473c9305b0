import type { ChatEvent, ChatListener } from "./chat-bus.js";

/** Listeners of this node, per topic. Both buses deliver through it; one throwing listener never starves others. */
export class LocalFanout {
  private readonly listeners = new Map<string, Set<ChatListener>>();
  private count = 0;

  /** Returns true when this is the topic's first local listener. */
  add(key: string, listener: ChatListener): boolean {
    let set = this.listeners.get(key);
    const first = set === undefined;
    if (!set) this.listeners.set(key, (set = new Set()));
    if (!set.has(listener)) {
      set.add(listener);
      this.count++;
    }
    return first;
  }

  /** Returns true when the topic has no local listener left. */
  remove(key: string, listener: ChatListener): boolean {
    const set = this.listeners.get(key);
    if (!set || !set.delete(listener)) return false;
    this.count--;
    if (set.size > 0) return false;
    this.listeners.delete(key);
    return true;
  }

  deliver(key: string, event: ChatEvent, onError: (error: unknown) => void): void {
    const set = this.listeners.get(key);
    if (!set) return;
    for (const listener of set) {
      try {
        listener(event);
      } catch (error) {
        onError(error);
      }
    }
  }

  size(): number {
    return this.count;
  }

  topics(): number {
    return this.listeners.size;
  }
}
