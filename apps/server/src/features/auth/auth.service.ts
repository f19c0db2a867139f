import { fail, type LoginBody, ok, type Result, type SessionUser } from '@mizan/contract';
import type { Db } from '../../db/client.ts';
import { dummyPasswordHash, verifyPassword } from '../../lib/password.ts';
import { hashToken, newToken, SESSION_TTL_MS } from '../../plugins/session.ts';
import { writeLog } from '../logHistory/logHistory.queries.ts';
import {
  deleteSession,
  findActiveUserForStore,
  forgetSuccessfulAttempt,
  insertSession,
  startAttempt,
} from './auth.queries.ts';

/** Ten failed sign-ins from one address within a minute lock that address out for the rest of the minute. */
export const MAX_FAILURES = 10;
export const FAILURE_WINDOW_MS = 60_000;
/**
 * Twenty on one account within fifteen minutes, from any addresses, lock that account out until they age for every
 * address that failed on it: many addresses cannot add up their guesses. An address that has not failed on it gets its
 * password checked (one try: wrong, it waits too), so a guesser cannot keep the user's own till from signing in, and
 * the administrators are told in the activity log (`startAttempt`, issue 35).
 */
export const MAX_ACCOUNT_FAILURES = 20;
export const ACCOUNT_FAILURE_WINDOW_MS = 15 * 60_000;

export async function signIn(
  db: Db,
  input: LoginBody,
  ip: string,
): Promise<Result<{ user: SessionUser; token: string }>> {
  // Counted before the password is checked: parallel guesses cannot all slip in under the limit.
  const attemptId = await startAttempt(
    db,
    ip,
    input.user_name,
    { windowMs: FAILURE_WINDOW_MS, max: MAX_FAILURES },
    { windowMs: ACCOUNT_FAILURE_WINDOW_MS, max: MAX_ACCOUNT_FAILURES },
  );
  if (attemptId === undefined) return fail('TOO_MANY_ATTEMPTS');

  const found = await findActiveUserForStore(db, input.user_name, input.store_id);
  const passwordOk = await verifyPassword(input.password, found?.password_hash ?? (await dummyPasswordHash));
  if (!found || !passwordOk) {
    // The attempt stays counted. One answer for an unknown user, a wrong password and a store the user may not
    // use: no hint to a guesser.
    return fail('LOGIN_FAILED');
  }

  const { password_hash: _, ...user } = found;
  const token = newToken();
  await db.transaction(async (tx) => {
    await forgetSuccessfulAttempt(tx, attemptId);
    await insertSession(tx, {
      id: hashToken(token),
      user_id: user.id,
      store_id: user.store_id,
      expires_at: new Date(Date.now() + SESSION_TTL_MS),
    });
    await writeLog(tx, { store_id: user.store_id, user_id: user.id, typee: 'login', logToken: { ip } });
  });
  return ok({ user, token });
}

export async function signOut(db: Db, token: string | undefined) {
  if (!token) return;
  await db.transaction(async (tx) => {
    const [ended] = await deleteSession(tx, hashToken(token));
    if (ended) await writeLog(tx, { store_id: ended.store_id, user_id: ended.user_id, typee: 'logout' });
  });
}
