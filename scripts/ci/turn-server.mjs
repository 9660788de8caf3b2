// The TURN server as deployed: Debian's coturn runs deploy/turnserver.conf as committed, with only what differs per
// deployment given on the command line as compose.yaml gives it (the secret, the realm, the addresses, the
// certificate), here local values: ports of this machine's own, 127.0.0.1 to listen and relay on, a self-signed
// certificate, and a documentation address (RFC 5737) as the external one. A client (werift's TURN client, as a
// browser would speak it) then signs in with a credential made by the API's own code (turn-credentials.ts) and
// checks what a member and an attacker would meet:
//   - an allocation over UDP, TCP and TLS, each answering the external address and a port of the relay range;
//   - a public peer permitted (CreatePermission, ChannelBind; no packet is sent to it);
//   - every peer on a private, loopback, link-local, carrier-grade NAT or multicast network refused with 403;
//   - a credential signed with another secret, and an expired one, refused.
// Exits 1 when any check fails, printing coturn's log. Needs coturn (`apt-get install -y coturn`) and openssl.
// Usage: node scripts/ci/turn-server.mjs
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTurnClient } from 'werift-ice';
import { turnCredentials } from '../../apps/server/src/providers/video/turn-credentials.ts';

const CONFIG = join(import.meta.dirname, '..', '..', 'deploy', 'turnserver.conf');
const REALM = 'turn.darsak.test';
const EXTERNAL_IP = '198.51.100.7';
const PUBLIC_PEER = '203.0.113.9';
const REFUSED_PEERS = {
  loopback: '127.0.0.1',
  'private 10/8': '10.1.2.3',
  'private 172.16/12': '172.16.5.4',
  'private 192.168/16': '192.168.1.1',
  'link-local (the clouds’ metadata service)': '169.254.169.254',
  'carrier-grade NAT': '100.64.0.1',
  'this network': '0.0.0.1',
  multicast: '224.0.0.251',
};

const started = performance.now();
const failures = [];
function check(ok, what, detail = '') {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? `: ${detail}` : ''}`);
  if (!ok) failures.push(what);
}

/** The relay range as committed: every member relayed needs one of its ports. */
function relayRange(text) {
  const value = (key) => Number(new RegExp(`^${key}=(\\d+)$`, 'm').exec(text)?.[1]);
  return { min: value('min-port'), max: value('max-port') };
}

/** A port free for both TCP and UDP on 127.0.0.1 (TURN listens on both). */
async function freePort() {
  for (;;) {
    const server = createServer();
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address();
    const udp = createSocket('udp4');
    const udpFree = await new Promise((resolve) => {
      udp.once('error', () => resolve(false));
      udp.bind(port, '127.0.0.1', () => resolve(true));
    });
    udp.close();
    await new Promise((resolve) => server.close(resolve));
    if (udpFree) return port;
  }
}

async function untilListening(port, turnserver) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (turnserver.exitCode !== null) throw new Error(`turnserver exited with ${turnserver.exitCode}`);
    const open = await new Promise((resolve) => {
      const socket = createConnection(port, '127.0.0.1');
      socket.once('connect', () => resolve(true) || socket.destroy());
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await sleep(100);
  }
  throw new Error('turnserver did not listen within 10 s');
}

/** The TURN error code of a refused request, or 'permitted'. */
async function outcome(request) {
  try {
    await request();
    return 'permitted';
  } catch (error) {
    return error?.response?.getAttributeValue('ERROR-CODE')?.[0] ?? (error?.message || error?.constructor?.name);
  }
}

const work = mkdtempSync(join(tmpdir(), 'darsak-turn-'));
const cert = join(work, 'cert.pem');
const key = join(work, 'key.pem');
const openssl = spawnSync(
  'openssl',
  ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'].concat([
    '-subj',
    `/CN=${REALM}`,
    '-addext',
    `subjectAltName=DNS:${REALM}`,
    '-keyout',
    key,
    '-out',
    cert,
  ]),
  { encoding: 'utf8' },
);
if (openssl.status !== 0) throw new Error(`openssl: ${openssl.stderr}`);

const secret = randomBytes(24).toString('base64');
const [port, tlsPort] = [await freePort(), await freePort()];
const committed = readFileSync(CONFIG, 'utf8');
const range = relayRange(committed);
let log = '';
const turnserver = spawn(
  'turnserver',
  [
    '-c',
    CONFIG,
    `--listening-port=${port}`,
    `--tls-listening-port=${tlsPort}`,
    '--listening-ip=127.0.0.1',
    '--relay-ip=127.0.0.1',
    `--external-ip=${EXTERNAL_IP}`,
    `--static-auth-secret=${secret}`,
    `--realm=${REALM}`,
    `--cert=${cert}`,
    `--pkey=${key}`,
    `--pidfile=${join(work, 'turnserver.pid')}`,
  ],
  { stdio: ['ignore', 'pipe', 'pipe'] },
);
for (const stream of [turnserver.stdout, turnserver.stderr]) stream.on('data', (chunk) => (log += chunk));

try {
  await untilListening(tlsPort, turnserver);
  check(range.max - range.min + 1 >= 1000, 'the relay range holds 1,000 ports or more', `${range.min}–${range.max}`);

  const member = turnCredentials(secret, 42, new Date(), 600);
  const signIn = (credential, transport) =>
    createTurnClient(
      { address: ['127.0.0.1', transport === 'tls' ? tlsPort : port], ...credential },
      { transport, tlsOptions: { ca: readFileSync(cert), servername: REALM } },
    );
  const asMember = { username: member.username, password: member.credential };
  // coturn answers a bad credential with a 401 the client cannot verify, which it ignores: it gives up after its
  // retransmissions (a TransactionTimeout, some 5 s), so these run beside the rest.
  const refusedSignIns = Promise.all(
    [
      ['signed with another secret', turnCredentials('not-the-secret', 42, new Date(), 600)],
      ['expired an hour ago', turnCredentials(secret, 42, new Date(Date.now() - 2 * 3600_000), 3600)],
    ].map(async ([name, credential]) => {
      const result = await outcome(async () => {
        const client = await signIn({ username: credential.username, password: credential.credential }, 'udp');
        await client.close();
      });
      check(result !== 'permitted', `a credential ${name} is refused`, String(result));
    }),
  );

  for (const transport of ['udp', 'tcp', 'tls']) {
    const client = await signIn(asMember, transport);
    const [ip, relayPort] = client.relayedAddress;
    check(
      ip === EXTERNAL_IP && relayPort >= range.min && relayPort <= range.max,
      `allocation over ${transport.toUpperCase()} with the API's credential`,
      `relayed at ${ip}:${relayPort}`,
    );
    const permission = await outcome(() => client.getPermission([PUBLIC_PEER, 9]));
    const channel = await outcome(() => client.getChannel([PUBLIC_PEER, 5004]));
    check(
      permission === 'permitted' && channel === 'permitted',
      `  a public peer (${PUBLIC_PEER}) is permitted`,
      `CreatePermission ${permission}, ChannelBind ${channel}`,
    );
    if (transport === 'udp') {
      for (const [name, peer] of Object.entries(REFUSED_PEERS)) {
        const result = await outcome(() => client.getPermission([peer, 9]));
        check(result === 403, `  ${name} (${peer}) is refused`, String(result));
      }
    }
    await client.close();
  }
  await refusedSignIns;
} catch (error) {
  check(false, 'the TURN server answers', error instanceof Error ? error.message : String(error));
} finally {
  turnserver.kill();
  rmSync(work, { recursive: true, force: true });
}

console.log(`TURN checks took ${((performance.now() - started) / 1000).toFixed(1)} s`);
if (failures.length > 0) {
  console.log(`\n${failures.length} failed; coturn's log:\n${log}`);
  process.exit(1);
}
process.exit(0);
