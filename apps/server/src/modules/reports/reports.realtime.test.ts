import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-test-app.ts';
import { type Actor, createActor } from '../../../test/harness/actors.ts';
import { fileReport } from '../../../test/report-fixtures.ts';
import { listen, nextEvent, noEvent, socketPool } from '../../../test/sockets.ts';

// A report filed or moved reaches the admins following the `reports` channel; its reporter hears of moves only,
// and other users of nothing.
let t: TestApp;
let url: string;
let reporter: Actor;
let admin: Actor;
let student: Actor;
const sockets = socketPool();

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
  sockets.closeAll();
  await t.close();
});

const connect = (who: Actor) => sockets.connect(url, who.token);

describe('report events', () => {
  it('go to admins on the reports channel, which students may not follow', async () => {
    const [own, staff, other] = [await connect(reporter), await connect(admin), await connect(student)];
    expect(await staff.emitWithAck('channel:subscribe', { channel: 'reports' })).toEqual({ ok: true, data: null });
    const refused = await other.emitWithAck('channel:subscribe', { channel: 'reports' });
    expect(refused).toMatchObject({ ok: false, code: 'forbidden' });

    const created = [
      nextEvent(staff, 'report:created'),
      noEvent(own, 'report:created', 500),
      noEvent(other, 'report:created', 500),
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
      noEvent(other, 'report:updated', 500),
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
