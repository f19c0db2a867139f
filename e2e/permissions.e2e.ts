/**
 * Roles and permissions in the browser (issue 22, part 2; docs/permissions.md): a cashier is offered nothing the
 * server refuses (another user's invoice is not even read), keeps the sale's date at today and sees no purchase
 * price, and what the owner ticks for the cashiers a cashier can then use.
 */
import { describe, expect, it } from 'vitest';
import {
  createItem,
  desktop,
  phone,
  postFromPage,
  readFromPage,
  screenshot,
  signIn,
  toastShown,
} from './support/browser.ts';
import { serverAndBrowser } from './support/suite.ts';

const running = serverAndBrowser();

async function open(user: string, password: string, options = desktop, colorScheme: 'light' | 'dark' = 'light') {
  const page = await (await running.browser.newContext({ ...options, colorScheme })).newPage();
  await signIn(page, running.server.baseUrl, user, password);
  await page.waitForURL(/folder\/sales|analytics-dashboard/);
  return page;
}
const menuPaths = (page: Awaited<ReturnType<typeof open>>) =>
  page.locator('ion-menu a[data-path]').evaluateAll((links) => links.map((a) => (a as HTMLElement).dataset.path));
const localToday = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

describe('roles and permissions', () => {
  it('a cashier’s menu and invoice screen offer nothing the server refuses', async () => {
    const admin = await open('admin', 'admin123');
    expect(
      await createItem(admin, {
        item_name: 'سلعة الصلاحيات',
        part_no: 'PERM-1',
        perch_price: '5',
        pay_price: '10',
        firstQuantity: '20',
      }),
    ).toBe(200);
    const [item] = await readFromPage<{ id: number }[]>(admin, 'items/searchStock?store_id=1&search=PERM-1');
    const parties = await readFromPage<{ id: number; sub_name: string }[]>(
      admin,
      'sub_accounts/getAllCustomerSupplier?store_id=1',
    );
    const walkIn = parties.find((p) => p.sub_name === 'عميل نقدي')?.id;
    const theirs = (
      await postFromPage(admin, 'pay/createWithItems', {
        invoice: { cust_id: walkIn, pay_date: localToday(), discount: '0', pay: '10' },
        items: [{ item_id: item?.id, quantity: '1' }],
      })
    ).body.data[0];
    await admin.context().close();

    const cashier = await open('cashier', 'cashier123');
    await cashier.getByTestId('menu-full-name').waitFor();
    // The cashier's screens only: selling, returns of sales, their records, due payments, settings read-only, the
    // device's unsent sales (folder/sync, selling offline) and their till's shift (folder/shift).
    expect((await menuPaths(cashier)).sort()).toEqual(
      [
        '/folder/notifications',
        '/folder/pos-sales',
        '/folder/sales',
        '/folder/sales-record',
        '/folder/sales-return',
        '/folder/sales-returns-record',
        '/folder/settings',
        '/folder/shift',
        '/folder/sync',
      ].sort(),
    );
    await screenshot(cashier, 'permissions-cashier-menu-desktop-light');
    // The POS shows the cashier the store's items as tiles, with their price and no cost (it showed none: the
    // tiles' read needed cost prices).
    await cashier.goto(`${running.server.baseUrl}/folder/pos-sales`);
    await cashier.locator('.pos-tile', { hasText: 'سلعة الصلاحيات' }).waitFor();
    await screenshot(cashier, 'permissions-cashier-pos-desktop-light');
    // The administrator's invoice: a cashier's role does not read other users' documents (readOthers), so the
    // screen says so and offers no save, no delete, no "receive payment" (the server refuses each to a cashier).
    await cashier.goto(`${running.server.baseUrl}/folder/edit-sales?id=${theirs.pay_id}&kind=pay`);
    await expect.poll(async () => (await toastShown(cashier))?.message).toMatch(/رؤية مستندات المستخدمين الآخرين/);
    await cashier.waitForTimeout(500);
    expect(await cashier.locator('[data-testid="invoice-lines"] tbody tr').count()).toBe(0);
    expect(await cashier.getByTestId('save-invoice').count()).toBe(0);
    expect(await cashier.locator('ion-button', { hasText: 'حــذف' }).count()).toBe(0);
    expect(await cashier.getByTestId('settle-invoice').count()).toBe(0);
    const refused = await postFromPage(cashier, 'pay/deleteWithItems', { pay_id: theirs.pay_id });
    expect([refused.status, refused.body.error.missing]).toEqual([403, 'sale.others']);
    // A new invoice can be saved.
    await cashier.goto(`${running.server.baseUrl}/folder/sales`);
    await cashier.getByTestId('save-invoice').waitFor();
    await cashier.context().close();
  });

  it('an accountant reads item-stock at cost, is offered no item edit, delete, new item or price change, and dates vouchers and journals today', async () => {
    const owner = await open('admin', 'admin123');
    expect(
      await createItem(owner, {
        item_name: 'سلعة المحاسب',
        part_no: 'PERM-ACC',
        perch_price: '7',
        pay_price: '12',
        firstQuantity: '3',
      }),
    ).toBe(200);
    const created = await postFromPage(owner, 'users/create', {
      user_name: 'accountant-e2e',
      full_name: 'محاسب التجربة',
      password: 'accountant-123',
      role_id: 3,
    });
    expect(created.status).toBe(200);
    await owner.context().close();

    // The accountant's role has cost prices (readCost) and so item-stock, but not `items` nor `prices`.
    const accountant = await (await running.browser.newContext(desktop)).newPage();
    await signIn(accountant, running.server.baseUrl, 'accountant-e2e', 'accountant-123');
    await accountant.getByTestId('menu-full-name').waitFor();
    await accountant.goto(`${running.server.baseUrl}/item-stock`);
    const row = accountant.locator('[data-testid="stock-table"] tbody tr', { hasText: 'سلعة المحاسب' });
    await row.waitFor();
    const headers = (await accountant.locator('[data-testid="stock-table"] thead th').allTextContents()).join('|');
    expect(headers).toContain('سعر الشراء');
    expect(await row.getByTestId('item-report').count()).toBe(1);
    expect(await row.getByTestId('edit-item').count()).toBe(0);
    expect(await row.getByTestId('delete-item').count()).toBe(0);
    expect(await accountant.getByTestId('new-item').count()).toBe(0);
    expect(await accountant.locator('ion-button', { hasText: 'تعديل الأسعار' }).count()).toBe(0);
    await screenshot(accountant, 'permissions-accountant-item-stock-desktop-light');

    // Vouchers and journals are the accountant's, but not back-dated: their date stays today, read-only, and says why.
    for (const [path, words] of [
      ['folder/cash2', /السندات والمصروفات: بتاريخ سابق/],
      ['folder/spends', /القيود المحاسبية: بتاريخ سابق/],
    ] as const) {
      await accountant.goto(`${running.server.baseUrl}/${path}`);
      const date = accountant.locator('input[name="j_date"]');
      await date.waitFor();
      expect(await date.evaluate((input) => (input as HTMLInputElement).readOnly)).toBe(true);
      expect(await date.getAttribute('title')).toMatch(words);
    }
    await accountant.context().close();
  });

  it('the owner ticks buying for the cashiers and a cashier can then buy; the role editor light and dark, desktop and phone', async () => {
    const owner = await open('admin', 'admin123');
    await owner.goto(`${running.server.baseUrl}/folder/settings`);
    const cashierRole = owner.locator('details[data-role="cashier"]');
    await cashierRole.locator('summary').click();
    await cashierRole.locator('ion-checkbox[data-permission="purchase.create"]').click();
    await owner.getByTestId('save-role-cashier').click();
    await expect.poll(async () => (await toastShown(owner))?.message).toBe('تم حفظ البيانات');
    await owner.context().close();

    const cashier = await open('cashier', 'cashier123');
    await cashier.getByTestId('menu-full-name').waitFor();
    expect(await menuPaths(cashier)).toContain('/folder/purchase');
    await cashier.goto(`${running.server.baseUrl}/folder/purchase`);
    await cashier.getByTestId('save-invoice').waitFor();
    const parties = await readFromPage<{ id: number; ac_id: number }[]>(
      cashier,
      'sub_accounts/getAllCustomerSupplier?store_id=1',
    );
    const supplier = parties.find((p) => p.ac_id === 2)?.id;
    const [item] = await readFromPage<{ id: number }[]>(cashier, 'items/searchStock?store_id=1&search=PERM-1');
    const bought = await postFromPage(cashier, 'perch/createWithItems', {
      invoice: { cust_id: supplier, pay_date: localToday(), discount: '0', pay: '0' },
      items: [{ item_id: item?.id, quantity: '2', perch_price: '5' }],
    });
    expect(bought.status).toBe(200);
    await cashier.context().close();

    for (const [name, options, scheme] of [
      ['permissions-roles-desktop-light', desktop, 'light'],
      ['permissions-roles-desktop-dark', desktop, 'dark'],
      ['permissions-roles-phone-light', phone, 'light'],
      ['permissions-roles-phone-dark', phone, 'dark'],
    ] as const) {
      const page = await open('admin', 'admin123', options, scheme);
      await page.goto(`${running.server.baseUrl}/folder/settings`);
      const role = page.locator('details[data-role="cashier"]');
      await role.locator('summary').click();
      await role.scrollIntoViewIfNeeded();
      await screenshot(page, name);
      await page.context().close();
    }
    // Six sign-ins and four screenshots: more than the default minute on a loaded machine.
  }, 150_000);
  it('a cashier cannot change the sale’s date and sees no purchase price on the items screen; the owner can', async () => {
    const cashier = await open('cashier', 'cashier123');
    const date = cashier.locator('input[name="pay_date"]');
    await date.waitFor();
    const shown = await date.inputValue();
    expect(await date.evaluate((input) => (input as HTMLInputElement).readOnly)).toBe(true);
    expect(await date.getAttribute('title')).toMatch(/فواتير المبيعات: بتاريخ سابق/);
    // Typing another day changes nothing, and there is no calendar to pick one.
    await date.click();
    await cashier.keyboard.press('Control+A');
    await cashier.keyboard.type('01/01/2026');
    expect(await date.inputValue()).toBe(shown);
    expect(await cashier.locator('label.date-field', { has: date }).locator('.date-field-button').count()).toBe(0);
    await screenshot(cashier, 'permissions-cashier-date-desktop-light');

    // The items screen: the selling price, no purchase price and no profit (the server sends them blank too).
    await cashier.goto(`${running.server.baseUrl}/folder/items`);
    const headers = cashier.locator('[data-testid="items-table"] thead th');
    await headers.first().waitFor();
    const cashierHeaders = await headers.allTextContents();
    expect(cashierHeaders.join('|')).toContain('سعر البيع');
    expect(cashierHeaders.join('|')).not.toContain('سعر الشراء');
    expect(cashierHeaders.join('|')).not.toContain('نسبة الربح');
    const [seen] = await readFromPage<{ perch_price: string }[]>(cashier, 'items/searchStock?store_id=1&search=PERM-1');
    expect(seen?.perch_price).toBe('');
    // Nor does it offer editing or deleting an item: both need the items permission the cashier's role lacks.
    await cashier.locator('[data-testid="items-table"] tbody tr').first().waitFor();
    expect(await cashier.getByTestId('edit-item').count()).toBe(0);
    expect(await cashier.locator('[data-testid="items-table"] ion-button[color="danger"]').count()).toBe(0);
    await screenshot(cashier, 'permissions-cashier-items-desktop-light');
    await cashier.context().close();

    const owner = await open('admin', 'admin123');
    await owner.goto(`${running.server.baseUrl}/folder/sales`);
    const ownersDate = owner.locator('input[name="pay_date"]');
    await ownersDate.waitFor();
    expect(await ownersDate.evaluate((input) => (input as HTMLInputElement).readOnly)).toBe(false);
    await owner.goto(`${running.server.baseUrl}/folder/items`);
    const ownersHeaders = owner.locator('[data-testid="items-table"] thead th');
    await ownersHeaders.first().waitFor();
    expect((await ownersHeaders.allTextContents()).join('|')).toContain('سعر الشراء');
    await owner.locator('[data-testid="items-table"] tbody tr').first().waitFor();
    expect(await owner.getByTestId('edit-item').count()).toBeGreaterThan(0);
    await owner.context().close();
  });
});
