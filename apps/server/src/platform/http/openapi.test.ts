import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';

const STAGING = {
  SERVER_ENV: 'staging',
  DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
  PUBLIC_APP_URL: 'https://app.darsak.test',
  PUBLIC_ADMIN_URL: 'https://admin.darsak.test',
};

const docsStatus = async (env: Record<string, string>) => {
  const t = await buildTestApp({ env });
  try {
    const answers = await Promise.all(
      ['/api/docs/json', '/api/docs'].map((url) => t.app.inject({ method: 'GET', url })),
    );
    return answers.map((a) => a.statusCode);
  } finally {
    await t.close();
  }
};

describe('the OpenAPI document (API_DOCS)', () => {
  it('is served in local mode by default', async () => {
    expect((await docsStatus({}))[0]).toBe(200);
  });

  it('is not served outside local mode unless asked for', async () => {
    expect(await docsStatus(STAGING)).toEqual([404, 404]);
    expect((await docsStatus({ ...STAGING, API_DOCS: 'true' }))[0]).toBe(200);
    expect(await docsStatus({ API_DOCS: 'false' })).toEqual([404, 404]);
  });
});
