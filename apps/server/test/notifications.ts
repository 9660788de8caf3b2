import type { NotificationChannel, NotificationKinds } from '@darsak/domain/notifications';
import { expect } from 'vitest';
import { injectAs, type TestApp } from './build-test-app.ts';
import type { Actor } from './harness/actors.ts';

export const ALL_KINDS_ON: NotificationKinds = {
  lessonReminderDay: true,
  lessonReminderHour: true,
  subscriptionEnding: true,
};

/** The actor chooses a channel (and which reminders and nudges), through the API as the settings page does. */
export async function chooseNotifications(
  t: TestApp,
  actor: Actor,
  channel: NotificationChannel,
  kinds: Partial<NotificationKinds> = {},
) {
  const response = await injectAs(t.app, actor.token, {
    method: 'PUT',
    url: '/api/v1/user/notification-preferences',
    payload: { channel, kinds: { ...ALL_KINDS_ON, ...kinds } },
  });
  expect(response.statusCode, response.body).toBe(200);
}
