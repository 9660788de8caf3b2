import { keysUsedIn, scopesOf, unregisteredKeys } from '@darsak/ui/testing/message-keys.ts';
import { describe, expect, it } from 'vitest';
import { WEB_FEATURES } from './messages.ts';

const scopes = scopesOf({
  entry: 'apps/web/src/start.tsx',
  router: 'apps/web/src/app/router.tsx',
  features: WEB_FEATURES,
});

describe('the main app’s catalogues', () => {
  it.each(scopes.map((scope) => [scope.name, scope] as const))(
    '%s: hold every message key its modules use, in Arabic and English',
    async (_, scope) => {
      expect(await unregisteredKeys(keysUsedIn(scope.files), scope.features)).toEqual({ ar: [], en: [] });
    },
  );
});
