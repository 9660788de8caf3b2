import { describe, expect, it } from 'vitest';
import { keysUsedIn, sourcesOf, unregisteredKeys } from '../testing/message-keys.ts';

describe('the common catalogue', () => {
  it('holds every message key this package’s components use (every app shows them, whatever it registers)', async () => {
    const files = ['packages/ui/src/components', 'packages/ui/src/lib'].flatMap(sourcesOf);
    expect(await unregisteredKeys(keysUsedIn(files), [])).toEqual({ ar: [], en: [] });
  });
});
