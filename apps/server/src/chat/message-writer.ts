/**
 * Group commit for channel messages: sends that arrive while the database is busy with earlier ones are stored
 * together in one multi-row INSERT, so 1,000 sends/s cost tens of round trips instead of 1,000. Each send still
 * waits for its own row to be committed before it answers (an acknowledged message is never lost); nothing is
 * held back on purpose: an idle writer flushes at the end of the current event-loop turn.
 *
 * At most `maxInFlight` batches run at once (the rest of the pool stays free for other queries); sends arriving
 * meanwhile queue and go out together when a batch returns. A failing batch is retried row by row, so one bad row
 * cannot fail the sends it happened to be grouped with.
 */
export interface BatchWriterOptions<I, O> {
  write(batch: I[]): Promise<O[]>;
  maxInFlight?: number;
  maxBatch?: number;
}

interface Pending<I, O> {
  input: I;
  resolve(output: O): void;
  reject(error: unknown): void;
}

export class BatchWriter<I, O> {
  private queue: Pending<I, O>[] = [];
  private inFlight = 0;
  private scheduled = false;
  private readonly maxInFlight: number;
  private readonly maxBatch: number;

  constructor(private readonly options: BatchWriterOptions<I, O>) {
    this.maxInFlight = options.maxInFlight ?? 2;
    this.maxBatch = options.maxBatch ?? 500;
  }

  write(input: I): Promise<O> {
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
    // Every send that reaches the writer in this turn of the event loop joins the batch.
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
      outputs = await this.options.write(batch.map((p) => p.input));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      // One row may be what failed: give each its own statement and its own outcome.
      await Promise.all(
        batch.map(async (p) => {
          try {
            const [output] = await this.options.write([p.input]);
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
