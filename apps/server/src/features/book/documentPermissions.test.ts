import type { SessionUser } from '@mizan/contract';
import { describe, expect, it } from 'vitest';
import { daysBefore, documentRefusal, LATE_DEVICE_SALE_DAYS } from './documentPermissions.ts';

const cashier: SessionUser = {
  id: 2,
  user_name: 'cashier',
  full_name: 'الكاشير',
  store_id: 1,
  is_admin: false,
  role_id: 3,
  permissions: ['sale.create'],
  discount_limit: '0',
};
const change = (date: string, madeOnDevice: boolean) => ({
  subject: 'sale' as const,
  posts: true,
  today: '2026-03-02',
  date,
  madeOnDevice,
});

describe('the midnight rule of a device sale', () => {
  it('counts days across a month and a year', () => {
    expect(daysBefore('2026-03-02', 3)).toBe('2026-02-27');
    expect(daysBefore('2024-03-01', 1)).toBe('2024-02-29');
    expect(daysBefore('2026-01-01', 1)).toBe('2025-12-31');
  });

  it(`a device's sale keeps a date up to ${LATE_DEVICE_SALE_DAYS} days back without backDate; older, or without a device, is refused`, () => {
    expect(documentRefusal(cashier, change('2026-02-27', true))).toBeUndefined();
    expect(documentRefusal(cashier, change('2026-02-26', true))).toMatchObject({ missing: 'sale.backDate' });
    expect(documentRefusal(cashier, change('2026-03-01', false))).toMatchObject({ missing: 'sale.backDate' });
  });
});
