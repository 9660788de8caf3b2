import type { Report, ReportFields } from '@darsak/domain/reports';
import type { TestApp } from './build-test-app.ts';
import type { Actor } from './harness/actors.ts';
import { multipartRequest, type UploadPart } from './harness/multipart.ts';

/** The `report` part of a report upload: its fields as JSON. */
export const reportFieldsPart = (fields: ReportFields | Record<string, unknown>): UploadPart => ({
  filename: 'report.json',
  contentType: 'application/json',
  data: Buffer.from(JSON.stringify(fields)),
});

/** A log file as the web's log export writes it. */
export const logPart = (text = '# app: darsak-web\n# entries: 1\n\n2026-01-01T10:00:00.000Z INFO  [socket] up\n') => ({
  filename: 'darsak-log.txt',
  contentType: 'text/plain',
  data: Buffer.from(text),
});

/** POST /report/with/asset as `actor` with these parts (the `report` part first, as the web sends it). */
export function sendReport(t: TestApp, actor: Actor, parts: Record<string, UploadPart>) {
  const { payload, headers } = multipartRequest(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/report/with/asset',
    payload,
    headers: { ...headers, authorization: `Bearer ${actor.token}` },
  });
}

/** A report filed by `actor` with only its fields. */
export async function fileReport(t: TestApp, actor: Actor, title = 'الفيديو لا يعمل'): Promise<Report> {
  const response = await sendReport(t, actor, {
    report: reportFieldsPart({ title, description: 'لا تظهر صورة المعلم في الدرس.', page: '/tutors' }),
  });
  if (response.statusCode !== 201) throw new Error(`filing a report failed: ${response.statusCode} ${response.body}`);
  return response.json();
}
