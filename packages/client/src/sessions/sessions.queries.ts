import { type SessionTokenQuery, sessionsContract } from '@darsak/domain/sessions';
import type { HttpClient } from '../http.ts';

export const sessionsKeys = {
  all: ['sessions'] as const,
  token: (owner: SessionTokenQuery) => [...sessionsKeys.all, 'token', owner] as const,
};

/**
 * A fresh join token for the call of a lesson, interview or demo session, with the ICE servers and the window. Never cached: a token is short
 * lived and single purpose, so every (re)join asks for a new one.
 */
export const fetchSessionToken = (http: HttpClient, owner: SessionTokenQuery, signal?: AbortSignal) =>
  http.callRoute(sessionsContract.token, { query: owner, ...(signal ? { signal } : {}) });
