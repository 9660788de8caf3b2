import { createHash } from 'node:crypto';
import { AppError } from '@darsak/domain/errors';
import { Email, PersonName } from '@darsak/domain/users';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { LocalGoogleIssuer } from '../../providers/google/id-token-verifier.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { type DevLessonDeps, devLessonRoutes } from './dev.lessons.ts';
import { type GoogleAccount, googleSignInPage, outboxPage } from './dev.pages.ts';
import { type DevSubscriptionDeps, devSubscriptionRoutes } from './dev.subscriptions.ts';
import { devTelegramRoutes } from './dev.telegram.ts';

const OutboxQuery = z.object({
  to: z.string().trim().min(1).max(320).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** A path on this app (not "//host" nor a URL), so the page cannot send a token elsewhere. */
const LocalPath = z
  .string()
  .trim()
  .regex(/^\/(?![/\\])[^#\s]*$/, 'local-path-only');

const SUGGESTED_ACCOUNTS: GoogleAccount[] = [
  { name: 'سارة علي', email: 'sara.ali@example.com' },
  { name: 'أحمد حسن', email: 'ahmed.hassan@example.com' },
];

const GoogleChoice = z.object({ name: z.string(), email: z.string(), redirect: LocalPath });
const GoogleAccountInput = z.object({ name: PersonName, email: Email });

/** The same e-mail is always the same Google account, as it would be with Google. */
const localSub = (email: string) => `local-${createHash('sha256').update(email).digest('hex').slice(0, 24)}`;

const sendHtml = (reply: FastifyReply, body: string, status = 200) =>
  reply.code(status).type('text/html; charset=utf-8').send(body);

/**
 * Local mode only: the outbox reader (page and JSON for browser tests) and the Google account chooser stand-in.
 * Not part of the API contract, so hidden from the OpenAPI document.
 */
export const devRoutes: FastifyPluginAsync<{
  outbox: Pick<Outbox, 'recent'>;
  localGoogle?: LocalGoogleIssuer | undefined;
  /** With them, `POST /dev/lesson` makes a lesson starting now for live-session browser journeys. */
  lessons?: DevLessonDeps | undefined;
  /** With them, `POST /dev/subscription/ending` brings a subscription to its last days for renewal journeys. */
  subscriptions?: DevSubscriptionDeps | undefined;
  /** With it, the bot's deep link opens a local Telegram stand-in that posts to the real webhook. */
  telegram?: { webhookSecret: string } | undefined;
}> = async (app, { outbox, localGoogle, lessons, subscriptions, telegram }) => {
  if (lessons) await app.register(devLessonRoutes, lessons);
  if (subscriptions) await app.register(devSubscriptionRoutes, subscriptions);
  if (telegram) await app.register(devTelegramRoutes, { outbox, ...telegram });

  app.get('/dev/outbox', { schema: { hide: true, querystring: OutboxQuery } }, async (request, reply) => {
    const query = request.query as z.infer<typeof OutboxQuery>;
    return sendHtml(reply, outboxPage(await outbox.recent(query), query.to));
  });

  app.get('/dev/outbox.json', { schema: { hide: true, querystring: OutboxQuery } }, async (request) => ({
    list: await outbox.recent(request.query as z.infer<typeof OutboxQuery>),
  }));

  if (!localGoogle) return;

  // The chooser posts an HTML form; the parser is scoped to this plugin.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get(
    '/dev/google/sign-in',
    { schema: { hide: true, querystring: z.object({ redirect: LocalPath }) } },
    async (request, reply) => {
      const { redirect } = request.query as { redirect: string };
      const typed = SUGGESTED_ACCOUNTS[0] ?? { name: '', email: '' };
      return sendHtml(reply, googleSignInPage({ redirect, suggestions: SUGGESTED_ACCOUNTS, typed }));
    },
  );

  app.post('/dev/google/sign-in', { schema: { hide: true } }, async (request, reply) => {
    const choice = GoogleChoice.safeParse(request.body);
    if (!choice.success) throw new AppError('bad-request', { fields: z.flattenError(choice.error).fieldErrors });
    const { redirect, ...typed } = choice.data;
    const account = GoogleAccountInput.safeParse(typed);
    if (!account.success) {
      const error = 'اكتب اسمًا (من حرفين إلى 60 حرفًا) وبريدًا إلكترونيًا صحيحًا.';
      return sendHtml(reply, googleSignInPage({ redirect, suggestions: SUGGESTED_ACCOUNTS, typed, error }), 400);
    }
    const { name, email } = account.data;
    const credential = await localGoogle.issue({ sub: localSub(email), email, name });
    return reply.redirect(`${redirect}#credential=${encodeURIComponent(credential)}`, 303);
  });
};
