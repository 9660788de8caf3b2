import { describe, expect, it } from 'vitest';
import { createGate, hashPassword, verifyPassword } from './passwords.ts';

describe('password hashing', () => {
  it('verifies what it hashed, and refuses another password or a broken hash', async () => {
    const stored = await hashPassword('secret123');
    expect(await verifyPassword(stored, 'secret123')).toBe(true);
    expect(await verifyPassword(stored, 'secret124')).toBe(false);
    expect(await verifyPassword('not a hash', 'secret123')).toBe(false);
  });

  it('runs at most `limit` computations at once, in the order they came', async () => {
    const through = createGate(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        through(async () => {
          running += 1;
          most = Math.max(most, running);
          await new Promise((r) => setTimeout(r, 5));
          order.push(i);
          running -= 1;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('lets the next one through when one fails', async () => {
    const through = createGate(1);
    await expect(through(async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await through(async () => 'next')).toBe('next');
  });
});
