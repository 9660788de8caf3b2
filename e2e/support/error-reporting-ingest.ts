import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Sentry's ingest: a local HTTP server a DSN can name, keeping every envelope posted to it (each
 * as its lines parsed). It answers as Sentry's ingest does, to any origin, so the browser's own cross-origin rules
 * apply to the SDK's posts exactly as they would in production.
 */
export interface ErrorReportingIngest {
  /** A DSN naming this server: `http://<key>@127.0.0.1:<port>/<project>`. */
  dsn: string;
  envelopes: unknown[][];
  stop(): Promise<void>;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST',
  'access-control-allow-headers': 'content-type',
};

export async function startErrorReportingIngest(project = '9'): Promise<ErrorReportingIngest> {
  const envelopes: unknown[][] = [];
  const server = createServer((request, response) => {
    if (request.method === 'OPTIONS') return void response.writeHead(204, CORS).end();
    if (
      request.method !== 'POST' ||
      new URL(request.url ?? '/', 'http://ingest').pathname !== `/api/${project}/envelope/`
    )
      return void response.writeHead(404, CORS).end();
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const lines = Buffer.concat(chunks).toString('utf8').split('\n').filter(Boolean);
      envelopes.push(lines.map((line) => JSON.parse(line)));
      response.writeHead(200, { ...CORS, 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: `http://e2ekey@127.0.0.1:${port}/${project}`,
    envelopes,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
