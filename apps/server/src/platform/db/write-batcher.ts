export interface WriteBatcherOptions {
  /** Calls of `write` running at once; the database pool keeps room for everything else. */
  inFlight: number;
  /** Inputs per call at most. */
  max: number;
}

interface Waiting<I, O> {
  input: I;
  resolve: (output: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Gathers the writes that arrive while earlier ones are on their way into one call of `write` (one round trip
 * and one commit for them all): alone, a write goes at once; under load, batches grow with the queue. `write`
 * answers one output per input, in order. When a batch fails, its inputs are written one by one, so a bad input
 * fails alone.
 */
export function writeBatcher<I, O>(
  write: (inputs: I[]) => Promise<O[]>,
  options: WriteBatcherOptions = { inFlight: 4, max: 200 },
): (input: I) => Promise<O> {
  const waiting: Waiting<I, O>[] = [];
  let running = 0;

  async function writeOne({ input, resolve, reject }: Waiting<I, O>) {
    try {
      const [output] = await write([input]);
      resolve(output as O);
    } catch (error) {
      reject(error);
    }
  }

  async function run(batch: Waiting<I, O>[]) {
    if (batch.length === 1) return writeOne(batch[0] as Waiting<I, O>);
    try {
      const outputs = await write(batch.map((w) => w.input));
      for (const [i, w] of batch.entries()) w.resolve(outputs[i] as O);
    } catch {
      await Promise.all(batch.map(writeOne));
    }
  }

  function flush() {
    while (running < options.inFlight && waiting.length > 0) {
      running++;
      void run(waiting.splice(0, options.max)).finally(() => {
        running--;
        flush();
      });
    }
  }

  return (input) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      flush();
    });
}
