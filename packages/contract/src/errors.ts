/** Every expected failure the API can answer with. The HTTP status and the Arabic text are keyed by these. */
export const errorCodes = [
  'VALIDATION_FAILED',
  'LOGIN_FAILED',
  'NOT_SIGNED_IN',
  'XSRF_MISSING',
  'STORE_FORBIDDEN',
  'YEAR_NOT_FOUND',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'TOO_MANY_ATTEMPTS',
  'CONFLICT',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export type Result<T> = { ok: true; value: T } | { ok: false; code: ErrorCode; fields?: Record<string, string> };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = <T = never>(code: ErrorCode, fields?: Record<string, string>): Result<T> => ({
  ok: false,
  code,
  fields,
});
