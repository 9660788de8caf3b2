import { ERROR_STATUS, type ErrorCode } from './codes.ts';

export type ErrorDetails = Record<string, unknown>;

/** The one error type business code throws; the HTTP layer turns it into `{code, message, details}`. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly details?: ErrorDetails,
  ) {
    super(code);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
