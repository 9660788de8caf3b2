// Exits 0 when the named local service answers (postgres on 5432, redis on 6379), 1 otherwise.
import { Socket } from 'node:net';

const ports = { postgres: 5432, redis: 6379 };
const port = ports[process.argv[2]];
if (!port) process.exit(1);
const socket = new Socket();
socket.setTimeout(1500);
socket.once('connect', () => {
  socket.destroy();
  process.exit(0);
});
for (const event of ['error', 'timeout']) socket.once(event, () => process.exit(1));
socket.connect(port, '127.0.0.1');
