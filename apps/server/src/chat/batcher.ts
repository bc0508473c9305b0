/**
 * Group commit: calls that arrive while the database is busy with earlier ones go out together in one statement, so
 * 1,000 calls/s cost tens of round trips instead of 1,000 — channel messages (one multi-row INSERT) and the access
 * checks of streams that open together (one multi-row SELECT). Each call still waits for its own result (an
 * acknowledged message is committed); nothing is held back on purpose: an idle batcher flushes at the end of the
 * current event-loop turn.
 *
 * At most `maxInFlight` batches run at once (the rest of the pool stays free for other queries); calls arriving
 * meanwhile queue and go out together when a batch returns. A failing batch is retried row by row, so one bad row
 * cannot fail the calls it happened to be grouped with.
 */
export interface BatcherOptions<I, O> {
  run(batch: I[]): Promise<O[]>;
  maxInFlight?: number;
  maxBatch?: number;
}

interface Pending<I, O> {
  input: I;
  resolve(output: O): void;
  reject(error: unknown): void;
}

export class Batcher<I, O> {
  private queue: Pending<I, O>[] = [];
  private inFlight = 0;
  private scheduled = false;
  private readonly maxInFlight: number;
  private readonly maxBatch: number;

  constructor(private readonly options: BatcherOptions<I, O>) {
    this.maxInFlight = options.maxInFlight ?? 2;
    this.maxBatch = options.maxBatch ?? 500;
  }

  submit(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      this.schedule();
    });
  }

  /** Batches written so far and rows in them (tests, metrics). */
  readonly stats = { batches: 0, rows: 0 };

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.maxInFlight || this.queue.length === 0) return;
    this.scheduled = true;
    // Every call that reaches the batcher in this turn of the event loop joins the batch.
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch = this.queue.length <= this.maxBatch ? this.queue : this.queue.slice(0, this.maxBatch);
      this.queue = this.queue.length <= this.maxBatch ? [] : this.queue.slice(this.maxBatch);
      this.inFlight++;
      void this.run(batch).finally(() => {
        this.inFlight--;
        this.schedule();
      });
    }
  }

  private async run(batch: Pending<I, O>[]): Promise<void> {
    this.stats.batches++;
    this.stats.rows += batch.length;
    let outputs: O[];
    try {
      outputs = await this.options.run(batch.map((p) => p.input));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      // One row may be what failed: give each its own statement and its own outcome.
      await Promise.all(
        batch.map(async (p) => {
          try {
            const [output] = await this.options.run([p.input]);
            p.resolve(output!);
          } catch (rowError) {
            p.reject(rowError);
          }
        }),
      );
      return;
    }
    for (let i = 0; i < batch.length; i++) batch[i]!.resolve(outputs[i]!);
  }
}
