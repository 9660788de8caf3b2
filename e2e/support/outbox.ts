import type { APIRequestContext } from '@playwright/test';

interface OutboxMessage {
  channel: string;
  recipient: string;
  code?: string | null;
  createdAt: string;
}

/** The newest 5-digit code sent to a recipient, read from the local outbox as a person would read it. */
export async function latestCode(request: APIRequestContext, recipient: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await request.get(`/dev/outbox.json?to=${encodeURIComponent(recipient)}`);
    if (response.ok()) {
      const { list: messages } = (await response.json()) as { list: OutboxMessage[] };
      const code = messages.map((m) => m.code).find((c): c is string => typeof c === 'string' && /^\d{5}$/.test(c));
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no code reached ${recipient} within ${timeoutMs} ms`);
}
