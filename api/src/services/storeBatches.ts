// Calls that concern one store, one batch at a time: the calls that arrive while a store's batch runs
// wait for it and go together as its next batch. A store that gets one call at a time runs it at once,
// so batching adds no wait; a busy store's callers share one round trip (and one transaction) instead of
// queueing one by one for the database and for its rows' locks.

export interface StoreBatchOptions {
  /** Calls one batch takes at most; the rest wait for the next. */
  maxBatch: number;
}

interface Waiting<In, Out> {
  input: In;
  resolve(output: Out): void;
  reject(error: unknown): void;
}

/**
 * A function that answers each call with its own outcome, running `run` with a store's waiting inputs.
 * `run` answers every input in order; throwing fails the whole batch.
 */
export function storeBatches<In, Out>(
  run: (storeId: string, inputs: In[]) => Promise<PromiseSettledResult<Out>[]>,
  { maxBatch }: StoreBatchOptions,
): (storeId: string, input: In) => Promise<Out> {
  /** Per store with a batch running: the calls that arrived since. */
  const queued = new Map<string, Waiting<In, Out>[]>();

  async function runBatch(storeId: string, batch: Waiting<In, Out>[]): Promise<void> {
    let results: PromiseSettledResult<Out>[];
    try {
      results = await run(
        storeId,
        batch.map(({ input }) => input),
      );
    } catch (error) {
      results = batch.map(() => ({ status: 'rejected', reason: error }));
    }
    for (const [index, { resolve, reject }] of batch.entries()) {
      const result = results[index];
      if (result?.status === 'fulfilled') resolve(result.value);
      else reject(result ? result.reason : new Error('a store batch answered fewer calls than it took'));
    }
  }

  async function drain(storeId: string): Promise<void> {
    for (;;) {
      const waiting = queued.get(storeId) ?? [];
      if (waiting.length === 0) {
        queued.delete(storeId);
        return;
      }
      await runBatch(storeId, waiting.splice(0, maxBatch));
    }
  }

  return (storeId, input) =>
    new Promise<Out>((resolve, reject) => {
      const waiting = queued.get(storeId);
      if (waiting) {
        waiting.push({ input, resolve, reject });
        return;
      }
      queued.set(storeId, [{ input, resolve, reject }]);
      void drain(storeId);
    });
}
