// @vitest-environment happy-dom
import { errorCodes, isFieldErrorCode, messagesAr, routes } from '@mizan/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { wordFieldError } from '../ui/form/fieldText.ts';
import { call, errorMessage } from './api.ts';

/** A code as the server names it (ORIGINAL_NOT_FOUND): never a text a user reads. */
const codeLike = /[A-Z]{2,}_[A-Z_]+/;

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The refusal a call throws when the server answers `body` with `status`. */
async function refusal(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );
  return call(routes.items.read, { query: { store_id: 1 } }).then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('no screen shows an error code', () => {
  it('every error code has Arabic words, and the screens show those words, whether as the toast or under a field', async () => {
    for (const code of errorCodes) {
      const words = messagesAr[code];
      expect(words, code).toMatch(/[\u0600-\u06FF]{2,}/);
      expect(words, code).not.toMatch(codeLike);
      // As the server sends it, and from an answer that lost its message: the toast reads the words.
      expect(errorMessage(await refusal(409, { error: { code, message: words } })), code).toBe(words);
      expect(errorMessage(await refusal(400, { error: { code } })), code).toBe(words);
      // Named on a field (`original_pay_ref: ORIGINAL_NOT_FOUND`): the field shows the words (a field's own
      // wording where the code is a field code too, AMOUNT_TOO_LARGE).
      if (isFieldErrorCode(code)) expect(wordFieldError(code), code).not.toMatch(codeLike);
      else expect(wordFieldError(code), code).toBe(words);
    }
  });
});
