import { sessionsContract } from '@darsak/domain/sessions';
import type { HttpClient } from '../http.ts';

export const sessionsKeys = {
  all: ['sessions'] as const,
  token: (lessonId: number) => [...sessionsKeys.all, 'token', lessonId] as const,
};

/**
 * A fresh join token for a lesson's call, with the ICE servers and the window. Never cached: a token is short
 * lived and single purpose, so every (re)join asks for a new one.
 */
export const fetchSessionToken = (http: HttpClient, lessonId: number, signal?: AbortSignal) =>
  http.callRoute(sessionsContract.token, { query: { lessonId }, ...(signal ? { signal } : {}) });
