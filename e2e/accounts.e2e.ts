import { describe, expect, it } from 'vitest';
import { desktop, fillIon, phone, screenshot, signIn, toastShown } from './support/browser.ts';
import { serverAndBrowser } from './support/suite.ts';

const running = serverAndBrowser();

async function open(
  path: string,
  options = desktop,
  colorScheme: 'light' | 'dark' = 'light',
  user = 'admin',
  password = 'admin123',
) {
  const page = await (await running.browser.newContext({ ...options, colorScheme })).newPage();
  await signIn(page, running.server.baseUrl, user, password);
  await page.waitForURL(/folder\/sales|analytics-dashboard/);
  await page.goto(`${running.server.baseUrl}${path}`);
  return page;
}

describe('accounts', () => {
  it('a customer created in the account modal is found in account management and in the tree', async () => {
    const page = await open('/folder/sub-account2');
    await page.getByTestId('new-account').click();
    await page.getByTestId('save-account').click();
    await expect.poll(() => page.locator('[data-field-error="sub_name"]').textContent()).toBe('اسم الحساب مطلوب');
    await fillIon(page, 'sub_name', 'مخبز الأمل');
    await fillIon(page, 'sub_code', '170');
    await fillIon(page, 'phone', '0912555444');
    await fillIon(page, 'address', 'الخرطوم ٢');
    await screenshot(page, 'account-modal-desktop');
    await page.getByTestId('save-account').click();
    await expect.poll(async () => (await toastShown(page))?.message).toBe('تم حفظ الحساب');

    await page.locator('[data-testid="account-search"] input').fill(' الأمل ');
    const row = page.locator('[data-testid="accounts-table"] tbody tr', { hasText: 'مخبز الأمل' });
    await row.waitFor();
    expect(await row.textContent()).toContain('العملاء');
    await expect.poll(() => page.locator('[data-testid="accounts-table"] tbody tr').count()).toBe(1);

    await page.goto(`${running.server.baseUrl}/folder/account-tree`);
    await page.locator('[data-testid="account-tree"] ion-item', { hasText: 'مخبز الأمل' }).first().waitFor();
    await screenshot(page, 'account-tree-desktop');
    await page.context().close();
  });

  it('the same screen answers at folder/sub-account; screenshots light, dark and phone', async () => {
    for (const [name, options, scheme] of [
      ['account-management-desktop-light', desktop, 'light'],
      ['account-management-desktop-dark', desktop, 'dark'],
      ['account-management-phone-light', phone, 'light'],
    ] as const) {
      const page = await open(name.includes('dark') ? '/folder/sub-account' : '/folder/sub-account2', options, scheme);
      await page.locator('[data-testid="accounts-table"] tbody tr').first().waitFor();
      await screenshot(page, name);
      await page.context().close();
    }
  });
});

describe('settings', () => {
  it('an administrator edits the company (kept after reload), the Saudi VAT rule shows, and a user is added', async () => {
    const page = await open('/folder/settings');
    await page.locator('input[name="arName"]').waitFor();
    await fillIon(page, 'arName', 'شركة ميزان للتجارة العامة');
    await page.getByTestId('save-company').click();
    await expect.poll(async () => (await toastShown(page))?.message).toBe('تم حفظ البيانات');
    await page.reload();
    await expect.poll(() => page.locator('input[name="arName"]').inputValue()).toBe('شركة ميزان للتجارة العامة');

    await fillIon(page, 'vatNo', '12345');
    await page.getByTestId('country-select').click();
    await page.locator('ion-popover ion-item, ion-popover ion-radio').filter({ hasText: 'السعودية' }).first().click();
    await page.getByTestId('save-company').click();
    await expect
      .poll(() => page.locator('[data-field-error="vatNo"]').textContent())
      .toBe('الرقم الضريبي في السعودية 15 رقما');

    await fillIon(page, 'new_full_name', 'سارة أحمد');
    await fillIon(page, 'new_user_name', 'sara2');
    await fillIon(page, 'new_password', 'sara-pass-2');
    await page.getByTestId('add-user').click();
    await page.locator('[data-testid="users-table"] tr', { hasText: 'sara2' }).waitFor();
    await screenshot(page, 'settings-desktop-light');
    await page.context().close();
  });

  it('a cashier sees the company read-only; screenshots dark and phone', async () => {
    const page = await open('/folder/settings', desktop, 'dark', 'cashier', 'cashier123');
    await page.locator('input[name="arName"]').waitFor();
    expect(await page.getByTestId('save-company').count()).toBe(0);
    expect(await page.locator('input[name="arName"]').getAttribute('readonly')).not.toBeNull();
    await screenshot(page, 'settings-desktop-dark');
    await page.context().close();
    const phonePage = await open('/folder/settings', phone);
    await phonePage.locator('input[name="arName"]').waitFor();
    await screenshot(phonePage, 'settings-phone-light');
    await phonePage.context().close();
  });
});
