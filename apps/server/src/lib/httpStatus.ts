import type { ErrorCode } from '@mizan/contract';

export const httpStatus: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  LOGIN_FAILED: 401,
  NOT_SIGNED_IN: 401,
  XSRF_MISSING: 403,
  STORE_FORBIDDEN: 403,
  YEAR_NOT_FOUND: 404,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  TOO_MANY_ATTEMPTS: 429,
  CONFLICT: 409,
  INTERNAL: 500,
};
