/** Events a stream's bus listener hands over, read by the stream at its own pace; reading ends when the call does. */
export class ActionQueue<T> {
  private readonly items: T[] = [];
  private wake: (() => void) | undefined;

  push(item: T): void {
    this.items.push(item);
    this.wake?.();
  }

  async *read(signal: AbortSignal): AsyncGenerator<T> {
    // One abort listener for the whole read: a long-lived stream waits thousands of times.
    const onAbort = () => this.wake?.();
    signal.addEventListener("abort", onAbort, { once: true });
    try {
      while (!signal.aborted) {
        const item = this.items.shift();
        if (item !== undefined) {
          yield item;
          continue;
        }
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = undefined;
      }
    } finally {
      signal.removeEventListener("abort", onAbort);
    }
  }
}
