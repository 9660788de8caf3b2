import { randomInt } from 'node:crypto';
import { AppError } from '@darsak/domain/errors';
import { telegramContract } from '@darsak/domain/telegram';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { html, type SafeHtml } from '../../platform/html.ts';
import type { Outbox, OutboxView } from '../outbox/outbox.ts';
import { TELEGRAM_SECRET_HEADER } from '../telegram/telegram.routes.ts';
import { page, time } from './dev.pages.ts';

const StartToken = z.string().regex(/^[\w-]{1,64}$/);
/** A private chat id as Telegram gives them: a positive integer. */
const ChatId = z.string().regex(/^[1-9]\d{0,15}$/);
const StartQuery = z.object({ token: StartToken });
const StartForm = z.object({ token: StartToken, chat: ChatId });
const ChatQuery = z.object({ chat: ChatId });

const STYLE = html`<style>
.bot{display:flex;align-items:center;gap:12px}.bot .avatar{width:48px;height:48px;border-radius:50%;background:#229ed9;
color:#fff;display:flex;align-items:center;justify-content:center;font-size:22px;font-weight:bold;flex:none}
.bubble{background:#fff;border-radius:12px 12px 12px 4px;padding:10px 14px;margin:10px 0;max-width:90%;
box-shadow:0 1px 2px rgba(0,0,0,.08)}
.start{width:100%;background:#229ed9;font-size:18px}
</style>`;

const sendHtml = (reply: FastifyReply, body: string) => reply.type('text/html; charset=utf-8').send(body);

const botHeader = html`<div class="bot"><span class="avatar" aria-hidden="true">د</span>
<div><h1>بوت درسك</h1><p class="muted">تيليجرام (محلي): محاكاة لتيليجرام في الوضع المحلي؛ لا يغادر شيء هذا الجهاز.</p></div></div>`;

/** What the bot's deep link opens: the chat with the bot before START, as Telegram shows it. */
function startPage(token: string, chat: string): string {
  return page(
    'تيليجرام (محلي) — بوت درسك',
    html`<main>${botHeader}
<section class="card">
<p>يريد درسك ربط حسابك بهذه المحادثة لتصلك أكواد التأكيد وتذكيرات الدروس على تيليجرام.</p>
<p class="muted">رقم المحادثة التجريبية: <bdi>${chat}</bdi></p>
<form method="post" action="/dev/telegram/start">
<input type="hidden" name="token" value="${token}"><input type="hidden" name="chat" value="${chat}">
<button class="start" type="submit">ابدأ (START)</button>
</form>
</section></main>`,
    STYLE,
  );
}

// Only the text, as Telegram shows the message (the code is inside it).
const bubble = (m: OutboxView): SafeHtml => html`<article class="bubble">
<div class="text">${m.text}</div>
<p class="muted">${time(m.createdAt)}</p></article>`;

/** The chat with the bot after START: its messages to this chat, oldest first, refreshed every 5 seconds. */
function chatPage(chat: string, messages: OutboxView[]): string {
  return page(
    'تيليجرام (محلي) — المحادثة',
    html`<main>${botHeader}
<p class="muted">رقم المحادثة: <bdi>${chat}</bdi>. تتحدّث الصفحة كل 5 ثوانٍ؛ يمكنك الرجوع إلى درسك.</p>
<section aria-label="رسائل البوت" aria-live="polite">
${messages.length === 0 ? html`<p class="card">لا توجد رسائل بعد.</p>` : messages.map(bubble)}
</section></main>`,
    html`<meta http-equiv="refresh" content="5">${STYLE}`,
  );
}

/**
 * Local mode only: the Telegram app's part of linking. The deep link opens the chat with the bot, and START
 * posts the update Telegram would post (`/start <token>` in a private chat, with the webhook's secret header)
 * to the real webhook route, so linking runs the same code as with Telegram.
 */
export const devTelegramRoutes: FastifyPluginAsync<{
  outbox: Pick<Outbox, 'recent'>;
  webhookSecret: string;
}> = async (app, { outbox, webhookSecret }) => {
  // START posts an HTML form; the parser is scoped to this plugin.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get('/dev/telegram/start', { schema: { hide: true, querystring: StartQuery } }, async (request, reply) => {
    const { token } = request.query as z.infer<typeof StartQuery>;
    return sendHtml(reply, startPage(token, String(randomInt(100_000_000, 2 ** 31 - 1))));
  });

  app.post('/dev/telegram/start', { schema: { hide: true } }, async (request, reply) => {
    const form = StartForm.safeParse(request.body);
    if (!form.success) throw new AppError('bad-request', { fields: z.flattenError(form.error).fieldErrors });
    const { token, chat } = form.data;
    const chatId = Number(chat);
    const text = `/start ${token}`;
    const answer = await app.inject({
      method: telegramContract.webhook.method,
      url: telegramContract.webhook.path,
      headers: { [TELEGRAM_SECRET_HEADER]: webhookSecret },
      payload: {
        update_id: randomInt(1, 2 ** 31 - 1),
        message: {
          message_id: randomInt(1, 2 ** 31 - 1),
          from: { id: chatId, is_bot: false, first_name: 'مستخدم محلي', language_code: 'ar' },
          chat: { id: chatId, first_name: 'مستخدم محلي', type: 'private' },
          date: Math.floor(Date.now() / 1000),
          text,
          entities: [{ type: 'bot_command', offset: 0, length: '/start'.length }],
        },
      },
    });
    if (answer.statusCode !== 200) throw new AppError('unexpected', { webhook: answer.statusCode });
    return reply.redirect(`/dev/telegram/chat?chat=${chat}`, 303);
  });

  app.get('/dev/telegram/chat', { schema: { hide: true, querystring: ChatQuery } }, async (request, reply) => {
    const { chat } = request.query as z.infer<typeof ChatQuery>;
    const messages = await outbox.recent({ to: chat, limit: 50 });
    return sendHtml(reply, chatPage(chat, messages.filter((m) => m.channel === 'telegram').reverse()));
  });
};
