/**
 * Every error the API can answer with. The union is closed: adding a code forces a status
 * (below) and an `id`/`en` message (`i18n/errors.ts`) through `satisfies Record<ErrorCode, …>`.
 */
const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  AUTH_REQUIRED: 401,
  AUTH_INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  TENANT_INACTIVE: 403,
  USER_INACTIVE: 403,
  ORIGIN_FORBIDDEN: 403,
  TENANT_CONTEXT_REQUIRED: 403,
  RANDOM_CALL_NOT_ALLOWED: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  CONFLICT: 409,
  USERNAME_TAKEN: 409,
  TICKET_INVALID_TRANSITION: 409,
  TICKET_OTHER_COUNTER: 409,
  COUNTER_NOT_TAKEN: 409,
  QUEUE_EMPTY: 409,
  COUNTER_BUSY: 409,
  COUNTER_LIMIT_REACHED: 409,
  COUNTER_NAME_TAKEN: 409,
  COUNTER_NUMBER_TAKEN: 409,
  COUNTER_HAS_HISTORY: 409,
  COUNTER_INACTIVE: 409,
  USER_SELF_LOCKOUT: 409,
  USER_LAST_ADMIN: 409,
  USER_HAS_HISTORY: 409,
  USER_PASSWORD_WRONG: 400,
  IDEMPOTENCY_IN_PROGRESS: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  SERVICE_NOT_AVAILABLE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  AUTH_THROTTLED: 429,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  BRANCH_CODE_TAKEN: 409,
  BRANCH_HAS_HISTORY: 409,
  BRANCH_COUNTER_LIMIT_BELOW_ACTIVE: 409,
  BRANCH_DISPLAY_LIMIT_BELOW_ACTIVE: 409,
  SCHEDULE_OVERLAP: 409,
  HOLIDAY_DATE_TAKEN: 409,
  BRANCH_IMPORT_INVALID: 422,
  WHATSAPP_NOT_CONFIGURED: 409,
  WHATSAPP_SEND_FAILED: 502,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

// `Object.keys` is typed `string[]`; the guard narrows each key (all of them pass).
export const ERROR_CODES: ErrorCode[] = Object.keys(ERROR_STATUS).filter(isErrorCode);

export function statusOf(code: ErrorCode): number {
  return ERROR_STATUS[code];
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}
