import { describe, expect, it } from 'vitest';
import { createClientLog, readExportedLog } from './client-log.ts';

describe('an exported log read back', () => {
  it('gives the header and every entry the export wrote', () => {
    const log = createClientLog({ now: () => new Date('2026-11-25T10:00:00.000Z') });
    log.info('socket', 'connected');
    log.error('webrtc', 'ice failed', { state: 'failed' });
    const read = readExportedLog(log.exportText({ app: 'darsak-web', page: '/tutors' }));
    expect(read.header).toEqual([
      ['app', 'darsak-web'],
      ['page', '/tutors'],
      ['entries', '2'],
    ]);
    expect(read.lines).toEqual([
      { entry: { at: '2026-11-25T10:00:00.000Z', level: 'info', source: 'socket', message: 'connected' } },
      {
        entry: {
          at: '2026-11-25T10:00:00.000Z',
          level: 'error',
          source: 'webrtc',
          message: 'ice failed {"state":"failed"}',
        },
      },
    ]);
  });

  it('keeps a line of another shape as text', () => {
    expect(readExportedLog('hello there\n').lines).toEqual([{ text: 'hello there' }]);
  });
});
