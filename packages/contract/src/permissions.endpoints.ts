/** The calls of roles and permissions (issue 22, part 2): the owner's role editor and a user's role in a store. */
import { dataOf, IdRows } from './envelope.ts';
import { AssignRoleBody, Role, UpdateRoleBody } from './roles.ts';

export const permissionsEndpoints = {
  roles: {
    read: { method: 'GET', path: 'roles/read', response: dataOf(Role) },
    update: { method: 'POST', path: 'roles/update', body: UpdateRoleBody, response: dataOf(Role) },
    assign: { method: 'POST', path: 'roles/assign', body: AssignRoleBody, response: IdRows },
  },
} as const;
