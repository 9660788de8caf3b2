/** The channels a message can go by; the same four the outbox table accepts. */
export const MESSAGE_CHANNELS = ['email', 'whatsapp', 'telegram', 'push'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** A file attached to an e-mail. */
export interface MessageAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingMessage {
  channel: MessageChannel;
  /** An e-mail address, an Egyptian mobile number (01…), a Telegram chat id or a Web Push endpoint. */
  to: string;
  subject?: string | undefined;
  text: string;
  html?: string | undefined;
  /** The one-time code inside `text`, for channels that carry it on its own (WhatsApp's authentication template). */
  code?: string | undefined;
  /** The page a notification opens (Web Push), a path of the main app. */
  url?: string | undefined;
  /** Files an e-mail carries (a payment's receipt); other channels carry none. */
  attachments?: MessageAttachment[] | undefined;
  /**
   * The outbox's key of this message, the same on every attempt: given to the provider as its idempotency key
   * where it takes one (e-mail: the Message-ID; see docs/architecture.md "Outbox delivery").
   */
  key: string;
}

/** One channel's way out: a provider's API, or the outbox table that a person reads in local mode. */
export interface Messenger {
  readonly delivery: 'provider' | 'outbox';
  /**
   * Sends one message and returns the provider's message id. Throws `DeliveryError`, or `AppError` when the
   * recipient cannot be reached at all (`unresolved-phone`, `invalid-phone`).
   */
  send(message: OutgoingMessage): Promise<string>;
}

export type Messengers = Record<MessageChannel, Messenger>;

/** A provider refused or could not take a message; `permanent` failures are never retried. */
export class DeliveryError extends Error {
  readonly permanent: boolean;
  /** The provider's own wait before a retry (Telegram's `retry_after`). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly channel: MessageChannel,
    message: string,
    options: { permanent: boolean; retryAfterSeconds?: number | undefined; cause?: unknown },
  ) {
    super(`${channel}: ${message}`, { cause: options.cause });
    this.name = 'DeliveryError';
    this.permanent = options.permanent;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export interface JsonResponse {
  status: number;
  body: unknown;
}

/** POSTs JSON to a provider; a network failure or timeout is a temporary DeliveryError. */
export async function postJson(
  channel: MessageChannel,
  url: string,
  body: unknown,
  options: { headers?: Record<string, string>; timeoutMs: number },
): Promise<JsonResponse> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...options.headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    throw new DeliveryError(channel, `request failed: ${(error as Error).message}`, { permanent: false, cause: error });
  }
  const text = await response.text();
  try {
    return { status: response.status, body: text ? JSON.parse(text) : null };
  } catch {
    return { status: response.status, body: text };
  }
}

/** Client errors are the message's fault and never heal; rate limits and server errors do. */
export const isPermanentStatus = (status: number): boolean => status >= 400 && status < 500 && status !== 429;
