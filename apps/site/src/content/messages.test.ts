import { keysUsedIn, sourcesOf, unregisteredKeys } from '@darsak/ui/testing/message-keys.ts';
import { describe, expect, it } from 'vitest';
import { SITE_FEATURES } from './index.ts';

describe('the site’s app catalogues', () => {
  it('hold every message key its source uses, in Arabic and English', async () => {
    expect(await unregisteredKeys(keysUsedIn(sourcesOf('apps/site/src')), SITE_FEATURES)).toEqual({ ar: [], en: [] });
  });
});
