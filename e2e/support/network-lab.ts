import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { FAKE_MEDIA_LAUNCH } from './live-session.ts';

/**
 * Two homes on networks of their own, made with Linux network namespaces: a student's and a tutor's, each a
 * namespace with one link (a veth pair) to this machine, which routes between them and runs Darsak and the TURN
 * server (Debian's coturn, with the committed deploy/turnserver.conf). Their addresses are documentation ranges
 * (RFC 5737), which the TURN server relays to as it would to the internet. A browser started in a home reaches
 * everything through its link, so what is done to the link (UDP dropped, an outage, a rate cap) is what the
 * browser's network does. Needs root, iproute2, nftables, tc and coturn; `available()` says whether they are here.
 */
export interface Home {
  /** The namespace's name. */
  name: string;
  /** Its address (a new one after `changeNetwork`), and this machine's address on its link. */
  address: string;
  gateway: string;
  /**
   * Chromium (with fake camera and microphone) whose every packet goes through this home's link. `origin` is the
   * app's: served over plain HTTP here, it is treated as the secure origin it is behind TLS when deployed (a camera
   * needs one).
   */
  launchBrowser(origin: string): Promise<Browser>;
  /** Drops every UDP packet in and out, as a school or office network that lets only TCP out. */
  blockUdp(): void;
  /**
   * Lets out only TCP to `ports` (and their answers in), as a network that lets only HTTPS out: no UDP, no TURN on
   * 3478. `ports` are the TLS ports: 443 (TURN over TLS) and the app's own, which stands in for its HTTPS proxy.
   */
  allowOnlyTcp(ports: number[]): void;
  /**
   * Moves the home to another address as a phone does from Wi-Fi to mobile data: every path of the old address
   * dies. With `offline`, the link goes down for the move (the browser sees itself offline a moment, as most phones
   * do); without, the new address comes before the old one goes (a handover the browser sees only as a new network).
   */
  changeNetwork(options: { offline: boolean }): void;
  /** Drops everything in and out until `restore` (an outage: the link is up, nothing crosses it). */
  cutOff(): void;
  restore(): void;
  /**
   * Drops `percent` of the packets arriving at random, as a noisy radio link does (dropped on their way out, they
   * would fail the sender's own send instead of being lost on the way).
   */
  loseShare(percent: number): void;
  /** Caps the link both ways at `kbit` per second (tc's token bucket), as a crowded mobile cell does. */
  capTo(kbit: number): void;
  /** Lets everything through again (each test starts on an open network, at full speed). */
  openUp(): void;
}

export interface NetworkLab {
  student: Home;
  tutor: Home;
  /** Where Darsak and the TURN server listen: this machine's address on the student's link. */
  serverAddress: string;
  turn: { urls: string; secret: string };
  close(): Promise<void>;
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TURN_CONFIG = join(import.meta.dirname, '..', '..', 'deploy', 'turnserver.conf');
/** TURN over TLS listens where it does when deployed: 443, which passes wherever HTTPS does. */
export const TURN_TLS_PORT = 443;

function run(command: string, args: string[]): string {
  const done = spawnSync(command, args, { encoding: 'utf8' });
  if (done.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${done.stderr || done.error}`);
  return done.stdout;
}
const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

/** Root, `ip`, `nft`, `tc` and `turnserver`: what the lab needs, or why it cannot be made here. */
export function labUnavailable(): string | null {
  if (process.getuid?.() !== 0) return 'network namespaces need root';
  const missing = ['ip', 'nft', 'tc', 'turnserver', 'openssl'].filter((command) => !has(command));
  return missing.length > 0 ? `missing ${missing.join(', ')} (apt-get install iproute2 nftables coturn openssl)` : null;
}

/** A throwaway certificate for the TURN server's address (openssl, as Debian ships it). */
function turnCertificate(dir: string, address: string) {
  const [key, cert] = [join(dir, 'turn-key.pem'), join(dir, 'turn-cert.pem')];
  run('openssl', [
    ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'],
    ...['-subj', `/CN=${address}`, '-addext', `subjectAltName=IP:${address}`, '-keyout', key, '-out', cert],
  ]);
  // the browsers trust it by its key's hash (Chromium's own switch for a certificate no authority signed)
  const der = spawnSync('openssl', ['pkey', '-in', key, '-pubout', '-outform', 'der']).stdout;
  return { key, cert, spki: createHash('sha256').update(der).digest('base64') };
}

async function listening(address: string, port: number, turnserver: ChildProcess) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (turnserver.exitCode !== null) throw new Error(`turnserver exited with ${turnserver.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, address, () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('turnserver did not listen within 10 s');
}

/** The lab, its TURN server on `turnPort` (UDP and TCP) and on 443 (TLS); every namespace, link and rule goes with `close`. */
export async function createNetworkLab(turnPort: number): Promise<NetworkLab> {
  const tag = `dk${process.pid % 10_000}`;
  const work = mkdtempSync(join(tmpdir(), 'darsak-network-lab-'));
  const forwarding = run('sysctl', ['-n', 'net.ipv4.ip_forward']).trim();
  const names: string[] = [];
  let turnserver: ChildProcess | undefined;
  let turnKeyHash = '';

  const close = async () => {
    turnserver?.kill();
    for (const name of names) spawnSync('ip', ['netns', 'delete', name]);
    spawnSync('sysctl', ['-q', `net.ipv4.ip_forward=${forwarding}`]);
    rmSync(work, { recursive: true, force: true });
  };

  function makeHome(name: string, subnet: string): Home {
    const [address, gateway] = [`${subnet}.2`, `${subnet}.1`];
    const outside = `${name}-o`;
    // a lab a killed run left behind holds these addresses (documentation ranges: nothing real has them)
    for (const line of run('ip', ['-o', 'addr', 'show', 'to', `${gateway}/32`])
      .split('\n')
      .filter(Boolean)) {
      spawnSync('ip', ['link', 'delete', (line.split(/\s+/)[1] ?? '').split('@')[0] ?? '']);
    }
    spawnSync('ip', ['netns', 'delete', name]);
    run('ip', ['netns', 'add', name]);
    // deleting the namespace deletes its link, and the link's other end with it
    names.push(name);
    run('ip', ['link', 'add', outside, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', name]);
    run('ip', ['addr', 'add', `${gateway}/24`, 'dev', outside]);
    run('ip', ['link', 'set', outside, 'up']);
    const inside = (...args: string[]) => run('ip', ['netns', 'exec', name, ...args]);
    // a new address of the same subnet stays when the old one goes (changeNetwork), not deleted along with it
    inside('sysctl', '-q', 'net.ipv4.conf.all.promote_secondaries=1');
    inside('ip', 'addr', 'add', `${address}/24`, 'dev', 'eth0');
    inside('ip', 'link', 'set', 'eth0', 'up');
    inside('ip', 'link', 'set', 'lo', 'up');
    inside('ip', 'route', 'add', 'default', 'via', gateway);
    // the home's rules: chains that drop UDP when asked, everything during an outage, or a share of packets
    inside(
      'nft',
      [
        'table inet home {',
        '  chain no_udp { }',
        '  chain cut { }',
        '  chain lossy { }',
        '  chain strict_in { }',
        '  chain strict_out { }',
        '  chain input { type filter hook input priority 0; jump no_udp; jump cut; jump lossy; jump strict_in; }',
        '  chain output { type filter hook output priority 0; jump no_udp; jump cut; jump strict_out; }',
        '}',
      ].join('\n'),
    );
    const wrapper = join(work, `${name}-chromium`);
    writeFileSync(wrapper, `#!/bin/sh\nexec ip netns exec ${name} ${CHROMIUM} "$@"\n`);
    chmodSync(wrapper, 0o755);
    let hostPart = 2;
    const home: Home = {
      name,
      address,
      gateway,
      launchBrowser: (origin) =>
        chromium.launch({
          executablePath: wrapper,
          args: [
            ...FAKE_MEDIA_LAUNCH.args,
            `--unsafely-treat-insecure-origin-as-secure=${origin}`,
            `--ignore-certificate-errors-spki-list=${turnKeyHash}`,
            // the kind of network (navigator.connection.type), which Chromium gives pages on Android only
            '--enable-blink-features=NetInfoDownlinkMax',
          ],
        }),
      blockUdp: () => void inside('nft', 'add rule inet home no_udp meta l4proto udp drop'),
      allowOnlyTcp: (ports) => {
        home.blockUdp();
        const set = `{ ${ports.join(', ')} }`;
        inside('nft', `add rule inet home strict_out oifname "eth0" tcp dport != ${set} drop`);
        inside('nft', `add rule inet home strict_in iifname "eth0" tcp sport != ${set} drop`);
      },
      changeNetwork: ({ offline }) => {
        const old = home.address;
        hostPart += 1;
        home.address = `${subnet}.${hostPart}`;
        if (offline) inside('ip', 'link', 'set', 'eth0', 'down');
        inside('ip', 'addr', 'add', `${home.address}/24`, 'dev', 'eth0');
        inside('ip', 'addr', 'del', `${old}/24`, 'dev', 'eth0');
        if (offline) inside('ip', 'link', 'set', 'eth0', 'up');
        inside('ip', 'route', 'replace', 'default', 'via', gateway, 'dev', 'eth0', 'onlink');
      },
      cutOff: () => void inside('nft', 'add rule inet home cut drop'),
      restore: () => void inside('nft', 'flush chain inet home cut'),
      loseShare: (percent) => void inside('nft', `add rule inet home lossy numgen random mod 100 < ${percent} drop`),
      capTo: (kbit) => {
        // the home's upload leaves by its eth0, its download by the machine's end of the link
        const bucket = ['root', 'tbf', 'rate', `${kbit}kbit`, 'burst', '16kb', 'latency', '300ms'];
        inside('tc', 'qdisc', 'replace', 'dev', 'eth0', ...bucket);
        run('tc', ['qdisc', 'replace', 'dev', outside, ...bucket]);
      },
      openUp: () => {
        inside('nft', 'flush chain inet home cut');
        inside('nft', 'flush chain inet home no_udp');
        inside('nft', 'flush chain inet home lossy');
        inside('nft', 'flush chain inet home strict_in');
        inside('nft', 'flush chain inet home strict_out');
        spawnSync('ip', ['netns', 'exec', name, 'tc', 'qdisc', 'del', 'dev', 'eth0', 'root']);
        spawnSync('tc', ['qdisc', 'del', 'dev', outside, 'root']);
      },
    };
    return home;
  }

  try {
    run('sysctl', ['-q', 'net.ipv4.ip_forward=1']);
    const student = makeHome(`${tag}s`, '198.51.100');
    const tutor = makeHome(`${tag}t`, '203.0.113');
    const serverAddress = student.gateway;
    const secret = randomBytes(24).toString('base64');
    const certificate = turnCertificate(work, serverAddress);
    turnKeyHash = certificate.spki;
    turnserver = spawn(
      'turnserver',
      [
        '-c',
        TURN_CONFIG,
        `--listening-port=${turnPort}`,
        `--listening-ip=${serverAddress}`,
        `--relay-ip=${serverAddress}`,
        `--static-auth-secret=${secret}`,
        '--realm=turn.darsak.test',
        `--tls-listening-port=${TURN_TLS_PORT}`,
        `--cert=${certificate.cert}`,
        `--pkey=${certificate.key}`,
        `--pidfile=${join(work, 'turnserver.pid')}`,
        `--log-file=${join(work, 'turnserver.log')}`,
      ],
      { stdio: 'ignore' },
    );
    await listening(serverAddress, turnPort, turnserver);
    await listening(serverAddress, TURN_TLS_PORT, turnserver);
    const turn = `turn:${serverAddress}:${turnPort}`;
    return {
      student,
      tutor,
      serverAddress,
      // in the order deployed (docs/operations.md): UDP, TCP, then TLS on 443
      turn: {
        urls: `${turn}?transport=udp,${turn}?transport=tcp,turns:${serverAddress}:${TURN_TLS_PORT}?transport=tcp`,
        secret,
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
