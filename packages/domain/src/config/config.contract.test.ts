import { describe, expect, it } from 'vitest';
import { RuntimeConfig } from './config.contract.ts';
import { readRuntimeConfig, runtimeConfigScript } from './runtime-config.ts';

const config: RuntimeConfig = {
  environment: 'production',
  supportLinks: {},
  googleSimulator: false,
  urls: {
    api: 'https://app.darsak.eg',
    app: 'https://app.darsak.eg',
    admin: 'https://admin.darsak.eg',
    site: 'https://darsak.eg',
  },
};

describe('runtime configuration script', () => {
  it('hands the page exactly the configuration, read back through the schema', () => {
    const page: Record<string, unknown> = {};
    new Function('globalThis', runtimeConfigScript(config))(page);
    expect(RuntimeConfig.parse(page.__DARSAK_CONFIG__)).toEqual(config);
  });

  it('reads nothing when the page has no configuration', () => {
    expect(readRuntimeConfig()).toBeUndefined();
  });

  it('reads back on the page what the script handed it', () => {
    new Function('globalThis', runtimeConfigScript(config))(globalThis);
    try {
      expect(readRuntimeConfig()).toEqual(config);
    } finally {
      delete (globalThis as Record<string, unknown>).__DARSAK_CONFIG__;
    }
  });
});
