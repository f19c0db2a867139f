import { errorCodes, messagesAr } from '@mizan/contract';
import { describe, expect, it } from 'vitest';
import { httpStatus } from './httpStatus.ts';
import { errorBody } from './sendError.ts';

describe('every refusal carries its Arabic words', () => {
  it('each error code is answered with an error status and its message from messagesAr, never the code alone', () => {
    for (const code of errorCodes) {
      expect(errorBody(code).error, code).toEqual({ code, message: messagesAr[code] });
      expect(errorBody(code).error.message, code).toMatch(/[\u0600-\u06FF]{2,}/);
      expect(httpStatus[code], code).toBeGreaterThanOrEqual(400);
    }
  });
});
