import type { Translation } from '../messages.ts';
import type { serverStatsAr } from './server-stats.ar.ts';

/** English messages of the admin /server-stats page: every key of the Arabic file, checked by the type. */
export const serverStatsEn: Translation<typeof serverStatsAr> = {
  'serverStats.subtitle':
    "Each server instance's figures as they happen: the last 10 minutes, a reading every 5 seconds.",
  'serverStats.live': 'Live',
  'serverStats.reconnecting': 'Reconnecting…',
  'serverStats.loadError': 'The server figures could not be loaded.',
  'serverStats.empty.title': 'No readings yet',
  'serverStats.empty.body':
    'The first reading arrives within seconds of the server starting and shows here without a reload.',
  'serverStats.instance': 'Instance',
  'serverStats.upSince': 'Up since {time}, last reading {last}',
  'serverStats.stale': 'Readings stopped',
  'serverStats.requestsPerSecond': 'Requests per second',
  'serverStats.p95': 'Response time (95th percentile)',
  'serverStats.errors': 'Errors per reading',
  'serverStats.errors4xx': 'Request errors (4xx)',
  'serverStats.errors5xx': 'Server errors (5xx)',
  'serverStats.eventLoop': 'Event-loop delay',
  'serverStats.eventLoopMean': 'Mean',
  'serverStats.eventLoopP99': '99th percentile',
  'serverStats.memory': 'Memory',
  'serverStats.rss': 'Resident (RSS)',
  'serverStats.heapUsed': 'Heap used',
  'serverStats.cpu': 'CPU (of one core)',
  'serverStats.sockets': 'Live connections',
  'serverStats.pool': 'Database connections',
  'serverStats.poolUse': '{total} open · {idle} idle · {waiting} waiting',
  'serverStats.poolNone': 'Not applicable (embedded PGlite)',
  'serverStats.queues': 'Job queues',
  'serverStats.queuesUnread': 'The queues could not be read at the last reading.',
  'serverStats.queue': 'Queue',
  'serverStats.ready': 'Ready',
  'serverStats.deferred': 'Deferred',
  'serverStats.active': 'Running',
  'serverStats.noQueues': 'No queues on this instance.',
};
