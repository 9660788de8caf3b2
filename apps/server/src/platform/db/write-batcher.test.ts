import { describe, expect, it } from 'vitest';
import { writeBatcher } from './write-batcher.ts';

describe('writeBatcher', () => {
  it('writes alone at once, and gathers what arrives while a write is on its way', async () => {
    const calls: number[][] = [];
    const write = writeBatcher(
      async (inputs: number[]) => {
        calls.push(inputs);
        await new Promise((r) => setTimeout(r, 10));
        return inputs.map((n) => n * 2);
      },
      { inFlight: 1, max: 3 },
    );
    expect(await Promise.all([1, 2, 3, 4, 5, 6].map(write))).toEqual([2, 4, 6, 8, 10, 12]);
    expect(calls).toEqual([[1], [2, 3, 4], [5, 6]]);
  });

  it('fails only the input that fails when its batch does', async () => {
    const write = writeBatcher(
      async (inputs: number[]) => {
        await new Promise((r) => setTimeout(r, 5));
        if (inputs.includes(3)) throw new Error('three');
        return inputs;
      },
      { inFlight: 1, max: 10 },
    );
    const results = await Promise.allSettled([1, 2, 3, 4].map(write));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
  });
});
