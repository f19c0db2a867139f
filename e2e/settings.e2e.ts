import { describe, expect, it } from 'vitest';
import { createItem, desktop, postFromPage, screenshot, signIn, toastShown } from './support/browser.ts';
import { serverAndBrowser } from './support/suite.ts';

const running = serverAndBrowser();

describe('settings', () => {
  it('an administrator allows negative stock in the store settings, and the stock check then agrees', async () => {
    const page = await (await running.browser.newContext(desktop)).newPage();
    await signIn(page, running.server.baseUrl);
    await page.waitForURL(/folder\/sales|analytics-dashboard/);
    await page.goto(`${running.server.baseUrl}/folder/settings`);
    const setting = page.getByTestId('allow-negative-stock');
    await setting.waitFor();
    expect(await setting.evaluate((el) => (el as HTMLElement & { checked: boolean }).checked)).toBe(false);

    expect(
      await createItem(page, { item_name: 'صنف الإعداد', perch_price: '5', pay_price: '9', part_no: 'NEG-1' }),
    ).toBe(200);
    const item = (await page.evaluate(() => fetch('/api/items/read?search=NEG-1').then((r) => r.json()))).data[0];
    const validate = async () =>
      (await postFromPage(page, 'items/validateStockQuantity', { itemList: [{ item_id: item.id, quantity: '3' }] }))
        .body.valid;
    expect(await validate()).toBe(false);

    await setting.click();
    await screenshot(page, 'settings-negative-stock');
    await page.getByTestId('save-store').click();
    await expect.poll(async () => (await toastShown(page))?.message).toBe('تم حفظ البيانات');
    await expect.poll(validate).toBe(true);

    await page.reload();
    await page.getByTestId('allow-negative-stock').waitFor();
    await expect
      .poll(() =>
        page.getByTestId('allow-negative-stock').evaluate((el) => (el as HTMLElement & { checked: boolean }).checked),
      )
      .toBe(true);
    // Back to the default, as the other browser tests expect.
    await page.getByTestId('allow-negative-stock').click();
    await page.getByTestId('save-store').click();
    await expect.poll(validate).toBe(false);
    await page.context().close();
  });
});
