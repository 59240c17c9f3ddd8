import type { ErrorCode } from '@antrean/shared/errors/codes';
import type { IssueLike } from '@antrean/shared/i18n/validation';

/** A typed, expected failure: the error handler renders it as the shared envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, details?: unknown, headers: Record<string, string> = {}) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
    this.headers = headers;
  }
}

/** Thrown by our zod validator compiler; keeps the issues and the input for localized field errors. */
export class RequestValidationError extends Error {
  readonly issues: readonly IssueLike[];
  readonly input: unknown;
  readonly part: string;
  readonly statusCode = 400;

  constructor(issues: readonly IssueLike[], input: unknown, part: string) {
    super(`invalid ${part}`);
    this.name = 'RequestValidationError';
    this.issues = issues;
    this.input = input;
    this.part = part;
  }
}
