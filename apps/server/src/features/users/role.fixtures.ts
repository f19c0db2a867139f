/** What the permission API tests set up: users of store 1 with a role, and the owner's ticks in the role editor. */
import { type Permission, type RoleKey, roleIds } from '@mizan/contract';
import { expect } from 'vitest';
import type { TestClient } from '../../test/testApp.ts';

export function roleFixtures(signedIn: (user: string, password: string) => Promise<TestClient>) {
  let made = 0;
  /** A new user of store 1 with the role, signed in: the client, the user's id, user name and full name. */
  const withRole = async (owner: TestClient, key: RoleKey) => {
    made += 1;
    const user_name = `role-${key}-${made}`;
    const full_name = `مستخدم ${key} ${made}`;
    const created = await owner.post('/api/users/create', {
      user_name,
      full_name,
      password: 'password-123',
      role_id: roleIds[key],
    });
    expect(created.statusCode, created.body).toBe(200);
    const c = await signedIn(user_name, 'password-123');
    return { c, id: (await c.get('/api/users/me')).json().data[0].id as number, user_name, full_name };
  };
  /** The owner sets a role's permissions (the role editor's call). */
  const tick = async (owner: TestClient, key: RoleKey, permissions: Permission[]) => {
    const role = (await owner.get('/api/roles/read')).json().data.find((r: { id: number }) => r.id === roleIds[key]);
    const res = await owner.post('/api/roles/update', { ...role, permissions });
    expect(res.statusCode, res.body).toBe(200);
  };
  return { withRole, tick };
}
