import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo, createServer as createTcpServer, type Server } from 'node:net';
import { AppError } from '@darsak/domain/errors';
import { afterEach, describe, expect, it } from 'vitest';
import { DeliveryError, type Messenger, type OutgoingMessage } from './messenger.ts';
import { createMessengers, whatsappCarriesNotices } from './messengers.ts';
import { outboxMessenger } from './outbox.adapter.ts';
import { createSmtpMessenger } from './smtp.adapter.ts';
import { createTelegramMessenger } from './telegram.adapter.ts';
import { pushUnavailable } from './web-push.adapter.ts';
import { createWhatsappMessenger, toWhatsappNumber } from './whatsapp.adapter.ts';

interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A provider stand-in on 127.0.0.1 answering each request with the next canned reply. */
async function fakeProvider(...replies: { status: number; body: unknown }[]) {
  const requests: Recorded[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: JSON.parse(raw) });
      const reply = replies[Math.min(requests.length, replies.length) - 1] ?? { status: 500, body: {} };
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

async function failureOf(messenger: Messenger, message: OutgoingMessage): Promise<unknown> {
  try {
    await messenger.send(message);
  } catch (error) {
    return error;
  }
  throw new Error('expected the send to fail');
}

describe('WhatsApp Cloud API adapter', () => {
  const code = {
    channel: 'whatsapp',
    to: '01012345678',
    text: 'درسك: 48213',
    code: '48213',
    key: 'darsak-outbox-3-1740816000000',
  } as const;
  const whatsapp = (apiUrl: string) =>
    createWhatsappMessenger({
      apiUrl: `${apiUrl}/v21.0`,
      accessToken: 'token-1',
      phoneNumberId: '1055',
      template: 'darsak_code',
    });

  it('sends the authentication template with the code in the body and the button, to 2010…', async () => {
    const provider = await fakeProvider({
      status: 200,
      body: {
        messaging_product: 'whatsapp',
        contacts: [{ input: '201012345678', wa_id: '201012345678' }],
        messages: [{ id: 'wamid.HBgLMjAxMDEyMzQ1Njc4FQIAERgS' }],
      },
    });
    expect(await whatsapp(provider.url).send(code)).toBe('wamid.HBgLMjAxMDEyMzQ1Njc4FQIAERgS');
    const [request] = provider.requests;
    expect(request).toMatchObject({ method: 'POST', url: '/v21.0/1055/messages' });
    expect(request?.headers.authorization).toBe('Bearer token-1');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '201012345678',
      biz_opaque_callback_data: 'darsak-outbox-3-1740816000000',
      type: 'template',
      template: {
        name: 'darsak_code',
        language: { code: 'ar' },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: '48213' }] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '48213' }] },
        ],
      },
    });
  });

  it('fails for good on a refused message, and for now on rate limits and server errors', async () => {
    const provider = await fakeProvider(
      { status: 400, body: { error: { message: 'Message undeliverable', type: 'OAuthException', code: 131026 } } },
      { status: 400, body: { error: { message: 'Rate limit hit', type: 'OAuthException', code: 130429 } } },
      { status: 500, body: { error: { message: 'Service unavailable', code: 131016 } } },
    );
    const messenger = whatsapp(provider.url);
    const refused = await failureOf(messenger, code);
    expect(refused).toBeInstanceOf(DeliveryError);
    expect(refused).toMatchObject({ permanent: true, channel: 'whatsapp' });
    expect((refused as Error).message).toContain('131026');
    expect(await failureOf(messenger, code)).toMatchObject({ permanent: false });
    expect(await failureOf(messenger, code)).toMatchObject({ permanent: false });
  });

  it('sends a notice by the notice template, its text the body’s one parameter, where one is configured', async () => {
    const provider = await fakeProvider({ status: 200, body: { messages: [{ id: 'wamid.notice' }] } });
    const messenger = createWhatsappMessenger({
      apiUrl: `${provider.url}/v21.0`,
      accessToken: 'token-1',
      phoneNumberId: '1055',
      template: 'darsak_code',
      noticeTemplate: 'darsak_notice',
    });
    const notice = { channel: 'whatsapp', to: '01012345678', text: 'حُجز درسك غدًا ٥ م', key: 'k-2' } as const;
    expect(await messenger.send(notice)).toBe('wamid.notice');
    expect(provider.requests[0]?.body).toMatchObject({
      type: 'template',
      template: {
        name: 'darsak_notice',
        language: { code: 'ar' },
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'حُجز درسك غدًا ٥ م' }] }],
      },
    });
  });

  it('refuses what the template cannot carry without calling the API', async () => {
    const provider = await fakeProvider({ status: 200, body: {} });
    const messenger = whatsapp(provider.url);
    expect(await failureOf(messenger, { ...code, code: undefined })).toMatchObject({ permanent: true });
    const badPhone = await failureOf(messenger, { ...code, to: '0123' });
    expect(badPhone).toBeInstanceOf(AppError);
    expect(badPhone).toMatchObject({ code: 'invalid-phone' });
    expect(provider.requests).toHaveLength(0);
  });

  it('treats an unreachable API as a temporary failure', async () => {
    const provider = await fakeProvider();
    closers.pop();
    const messenger = whatsapp('http://127.0.0.1:9');
    expect(await failureOf(messenger, code)).toMatchObject({ permanent: false });
    expect(provider.requests).toHaveLength(0);
  });

  it('writes Egyptian mobiles in international form without "+"', () => {
    for (const phone of ['01012345678', '+201012345678', '00201012345678', '201012345678', '010 1234 5678']) {
      expect(toWhatsappNumber(phone)).toBe('201012345678');
    }
    expect(() => toWhatsappNumber('01312345678')).toThrow(AppError);
  });
});

describe('Telegram Bot API adapter', () => {
  const message = {
    channel: 'telegram',
    to: '987654321',
    text: 'درسك: كود التحقق 48213',
    code: '48213',
    key: 'darsak-outbox-4-1740816000000',
  } as const;
  const telegram = (apiUrl: string) => createTelegramMessenger({ apiUrl, botToken: '123:abc' });

  it('calls sendMessage with the chat id and text and returns the message id', async () => {
    const provider = await fakeProvider({
      status: 200,
      body: {
        ok: true,
        result: { message_id: 77, chat: { id: 987654321, type: 'private' }, date: 1, text: message.text },
      },
    });
    expect(await telegram(provider.url).send(message)).toBe('77');
    expect(provider.requests[0]).toMatchObject({
      method: 'POST',
      url: '/bot123:abc/sendMessage',
      body: { chat_id: '987654321', text: message.text },
    });
  });

  it('[unresolved-phone] when the bot is blocked or never started, the chat is unknown, or there is no chat', async () => {
    const provider = await fakeProvider(
      { status: 403, body: { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' } },
      { status: 400, body: { ok: false, error_code: 400, description: 'Bad Request: chat not found' } },
    );
    const messenger = telegram(provider.url);
    for (const to of ['987654321', '987654321', '', '01012345678']) {
      const error = await failureOf(messenger, { ...message, to });
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'unresolved-phone' });
    }
    expect(provider.requests).toHaveLength(2);
  });

  it('retries later when asked to slow down, honouring retry_after', async () => {
    const provider = await fakeProvider({
      status: 429,
      body: { ok: false, error_code: 429, description: 'Too Many Requests', parameters: { retry_after: 7 } },
    });
    const error = await failureOf(telegram(provider.url), message);
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error).toMatchObject({ permanent: false, retryAfterSeconds: 7 });
  });
});

/** The smallest SMTP server nodemailer talks to: records envelopes and data, replies to RCPT as told. */
async function fakeSmtp(rcptReply = '250 2.1.5 OK') {
  const mails: { from: string; to: string[]; data: string }[] = [];
  const server: Server = createTcpServer((socket) => {
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let mail = { from: '', to: [] as string[], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    const command = (line: string) => {
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO' || verb === 'HELO') reply('250 localhost');
      else if (verb === 'MAIL') {
        mail.from = line.slice(10);
        reply('250 2.1.0 OK');
      } else if (verb === 'RCPT') {
        mail.to.push(line.slice(8));
        reply(rcptReply);
      } else if (verb === 'DATA') {
        inData = true;
        reply('354 go ahead');
      } else if (verb === 'QUIT') {
        reply('221 bye');
        socket.end();
      } else reply('250 OK');
    };
    reply('220 localhost ESMTP test');
    socket.on('data', (chunk) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          mails.push({ ...mail, data: buffer.slice(0, end) });
          mail = { from: '', to: [], data: '' };
          buffer = buffer.slice(end + 5);
          inData = false;
          reply('250 2.0.0 queued');
          continue;
        }
        const end = buffer.indexOf('\r\n');
        if (end < 0) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        command(line);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`, mails };
}

describe('SMTP adapter', () => {
  const mail = {
    channel: 'email',
    to: 'huda@example.com',
    subject: 'Darsak code',
    text: 'Your code is 48213',
    html: '<p dir="rtl">48213</p>',
    code: '48213',
    key: 'darsak-outbox-7-1740816000000',
  } as const;

  it('delivers from MAIL_FROM to the address with text and HTML parts and returns the Message-ID', async () => {
    const smtp = await fakeSmtp();
    const id = await createSmtpMessenger({ url: smtp.url, from: 'Darsak <no-reply@darsak.test>' }).send(mail);
    expect(smtp.mails).toHaveLength(1);
    const [sent] = smtp.mails;
    expect(sent?.from).toContain('no-reply@darsak.test');
    expect(sent?.to).toEqual(['<huda@example.com>']);
    expect(sent?.data).toContain(`Message-ID: ${id}`);
    // The outbox key is the Message-ID, so a send repeated after a crash is the same mail to the reader.
    expect(id).toBe('<darsak-outbox-7-1740816000000@darsak.test>');
    expect(sent?.data).toContain('Subject: Darsak code');
    expect(sent?.data).toContain('Your code is 48213');
    expect(sent?.data).toContain('Content-Type: text/html');
  });

  it('carries the files given (a receipt) as attachments', async () => {
    const smtp = await fakeSmtp();
    const pdf = Buffer.from('%PDF-1.7 receipt');
    await createSmtpMessenger({ url: smtp.url, from: 'a@darsak.test' }).send({
      ...mail,
      attachments: [
        { filename: 'darsak-receipt-DRS-2026-000001-ar.pdf', contentType: 'application/pdf', content: pdf },
      ],
    });
    const data = smtp.mails[0]?.data ?? '';
    expect(data).toContain('Content-Type: application/pdf; name=darsak-receipt-DRS-2026-000001-ar.pdf');
    expect(data).toContain('Content-Disposition: attachment');
    expect(data).toContain(pdf.toString('base64'));
  });

  it('fails for good on a 5xx refusal and for now on a 4xx one', async () => {
    const refused = await failureOf(
      createSmtpMessenger({ url: (await fakeSmtp('550 5.1.1 no such user')).url, from: 'a@darsak.test' }),
      mail,
    );
    expect(refused).toBeInstanceOf(DeliveryError);
    expect(refused).toMatchObject({ permanent: true, channel: 'email' });
    const busy = await failureOf(
      createSmtpMessenger({ url: (await fakeSmtp('451 4.3.0 try later')).url, from: 'a@darsak.test' }),
      mail,
    );
    expect(busy).toMatchObject({ permanent: false });
  });
});

describe('choice of messengers', () => {
  const none = {
    SMTP_URL: undefined,
    MAIL_FROM: 'Darsak <no-reply@darsak.local>',
    WHATSAPP_API_URL: 'https://graph.facebook.com/v21.0',
    WHATSAPP_ACCESS_TOKEN: undefined,
    WHATSAPP_PHONE_NUMBER_ID: undefined,
    WHATSAPP_TEMPLATE: 'darsak_code',
    WHATSAPP_NOTICE_TEMPLATE: undefined,
    TELEGRAM_API_URL: 'https://api.telegram.org',
    TELEGRAM_BOT_TOKEN: undefined,
  };

  it('keeps every channel in the outbox without credentials', async () => {
    const { push, ...messengers } = createMessengers(none);
    expect(Object.values(messengers).every((m) => m === outboxMessenger)).toBe(true);
    expect(push).toBe(pushUnavailable);
    expect(await outboxMessenger.send({ channel: 'email', to: 'a@example.com', text: 'x', key: 'k' })).toMatch(
      /^outbox-/,
    );
  });

  it('uses each provider whose credentials are set', () => {
    const { push: _push, ...messengers } = createMessengers({
      ...none,
      SMTP_URL: 'smtp://127.0.0.1:2525',
      WHATSAPP_ACCESS_TOKEN: 't',
      WHATSAPP_PHONE_NUMBER_ID: '1',
      TELEGRAM_BOT_TOKEN: '1:a',
    });
    expect(Object.values(messengers).map((m) => m.delivery)).toEqual(['provider', 'provider', 'provider']);
    expect(createMessengers({ ...none, WHATSAPP_ACCESS_TOKEN: 't' }).whatsapp.delivery).toBe('outbox');
  });

  it('lets WhatsApp carry notices in the outbox, and by the Cloud API only with a notice template', () => {
    const cloud = { ...none, WHATSAPP_ACCESS_TOKEN: 't', WHATSAPP_PHONE_NUMBER_ID: '1' };
    expect(whatsappCarriesNotices(none, createMessengers(none))).toBe(true);
    expect(whatsappCarriesNotices(cloud, createMessengers(cloud))).toBe(false);
    const withNotices = { ...cloud, WHATSAPP_NOTICE_TEMPLATE: 'darsak_notice' };
    expect(whatsappCarriesNotices(withNotices, createMessengers(withNotices))).toBe(true);
  });
});
