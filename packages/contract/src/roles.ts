/** The schemas of the roles' calls (permissions.endpoints.ts); the permissions themselves are in permissions.ts. */
import { z } from 'zod';
import { Percent } from './amounts.ts';
import { roleKeys } from './permissions.ts';
import { Id } from './scope.ts';

/** A role as `roles/read` answers it and the owner edits it. */
export const Role = z.object({
  id: z.number().int(),
  key: z.enum(roleKeys),
  name: z.string(),
  permissions: z.array(z.string()),
  discount_limit: z.string(),
});
export type Role = z.infer<typeof Role>;

export const UpdateRoleBody = z.object({
  id: Id,
  name: z.string().trim().min(1).max(60),
  permissions: z.array(z.string().max(60)).max(200),
  discount_limit: Percent,
});
export type UpdateRoleBody = z.infer<typeof UpdateRoleBody>;

export const AssignRoleBody = z.object({
  user_id: Id,
  role_id: Id,
});
export type AssignRoleBody = z.infer<typeof AssignRoleBody>;
