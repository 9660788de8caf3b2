// A stand-in for the production proxy (Caddy, docs/operations.md) for the measurements: TLS with a throwaway
// self-signed certificate and HTTP/2, in front of one of Darsak's addresses. Browsers speak HTTP/2 only over TLS,
// and a phone on HTTP/1.1 fetches six files at a time, so a page measured without it is measured as it is not served.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { constants, createSecureServer } from 'node:http2';
import { join } from 'node:path';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

/** A certificate for 127.0.0.1 and localhost, written under `dir` (openssl, as Debian ships it). */
export function selfSignedCertificate(dir) {
  const key = join(dir, 'proxy-key.pem');
  const cert = join(dir, 'proxy-cert.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1']
      .concat(['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'])
      .concat(['-keyout', key, '-out', cert]),
    { stdio: 'ignore' },
  );
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

/**
 * Listens on `port` with TLS (`certificate`: `selfSignedCertificate`) and HTTP/2 (HTTP/1.1 too, for clients without
 * it) and forwards every request to `target` (http://host:port) as HTTP/1.1, as Caddy does. Resolves to a function
 * that closes it.
 */
export async function startTlsProxy({ port, target, certificate }) {
  const upstream = new URL(target);
  const server = createSecureServer({ ...certificate, allowHTTP1: true }, (req, res) => {
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => !name.startsWith(':') && !HOP_BY_HOP.has(name)),
    );
    headers.host = req.headers[constants.HTTP2_HEADER_AUTHORITY] ?? req.headers.host;
    headers['x-forwarded-proto'] = 'https';
    const forwarded = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
      (answer) => {
        const answerHeaders = Object.fromEntries(
          Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)),
        );
        res.writeHead(answer.statusCode ?? 502, answerHeaders);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forwarded);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return () => new Promise((resolve) => server.close(resolve));
}
