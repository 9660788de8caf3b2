import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { fileReport } from '../../../test/report-fixtures.ts';
import { type ClientSocket, connectAs, listen, nextEvent } from '../../../test/sockets.ts';

// A report filed or moved reaches the admins following the `reports` channel; its reporter hears of moves only,
// and other users of nothing.
let t: TestApp;
let url: string;
let reporter: Actor;
let admin: Actor;
let student: Actor;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  url = await listen(t.app);
  [reporter, admin, student] = [
    await createActor(t, 'student'),
    await createActor(t, 'admin'),
    await createActor(t, 'student'),
  ];
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

const connect = async (who: Actor) => {
  const socket = await connectAs(url, who.token);
  sockets.push(socket);
  return socket;
};
const silent = (socket: ClientSocket, event: 'report:created' | 'report:updated') =>
  nextEvent(socket, event, 500).then(
    (payload) => ({ unexpected: payload }),
    () => 'nothing',
  );

describe('report events', () => {
  it('go to admins on the reports channel, which students may not follow', async () => {
    const [own, staff, other] = [await connect(reporter), await connect(admin), await connect(student)];
    expect(await staff.emitWithAck('channel:subscribe', { channel: 'reports' })).toEqual({ ok: true, data: null });
    const refused = await other.emitWithAck('channel:subscribe', { channel: 'reports' });
    expect(refused).toMatchObject({ ok: false, code: 'forbidden' });

    const created = [
      nextEvent(staff, 'report:created'),
      silent(own, 'report:created'),
      silent(other, 'report:created'),
    ];
    const report = await fileReport(t, reporter, 'الصوت يتقطع');
    expect(await Promise.all(created)).toEqual([
      { reportId: report.id, status: 'open', title: 'الصوت يتقطع' },
      'nothing',
      'nothing',
    ]);

    const moved = [
      nextEvent(own, 'report:updated'),
      nextEvent(staff, 'report:updated'),
      silent(other, 'report:updated'),
    ];
    const response = await injectAs(t.app, admin.token, {
      method: 'PUT',
      url: `/api/v1/report/${report.id}`,
      payload: { status: 'in_progress' },
    });
    expect(response.statusCode).toBe(200);
    const payload = { reportId: report.id, status: 'in_progress', title: 'الصوت يتقطع' };
    expect(await Promise.all(moved)).toEqual([payload, payload, 'nothing']);
  });
});
