import { z } from 'zod';
import { Id } from './scope.ts';
import { Text } from './text.ts';

export const LoginBody = z.object({
  user_name: Text().trim().min(1).max(64),
  password: Text().min(1).max(200),
  store_id: Id,
  /** Always "user" (seed section 6); kept so legacy clients' calls stay valid. */
  level: z.literal('user').default('user'),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** What the client keeps as USER_INFO. Never a password. */
export const SessionUser = z.object({
  id: z.number().int(),
  user_name: z.string(),
  full_name: z.string(),
  store_id: z.number().int(),
  /** Whether the user's role in this store administers it (owner or administrator). */
  is_admin: z.boolean(),
  /** The user's role in this store and what it permits (permissions.ts): the web app shows only what is allowed. */
  role_id: z.number().int(),
  permissions: z.array(z.string()),
  /** The largest discount, in percent of the invoice, the role gives without `discountAboveLimit`. */
  discount_limit: z.string(),
});
export type SessionUser = z.infer<typeof SessionUser>;
