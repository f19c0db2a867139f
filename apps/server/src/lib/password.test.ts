import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('a hash verifies its own password only, and never contains it', async () => {
    const hash = await hashPassword('admin123');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(hash).not.toContain('admin123');
    expect(await verifyPassword('admin123', hash)).toBe(true);
    expect(await verifyPassword('admin124', hash)).toBe(false);
  });

  it('the same password hashes differently each time (salted)', async () => {
    expect(await hashPassword('x')).not.toBe(await hashPassword('x'));
  });

  it('a malformed stored hash is a failed check, not a crash', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
  });
});
