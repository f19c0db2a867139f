/**
 * A day across two stores (issue 33, part 2): the administrator of the main store sends 10 of an item to فرع أم
 * درمان (beyond its stock refused with the short item first), prints it; the branch's keeper receives 6 (one scanned,
 * then typed in Arabic-Indic digits) and then the 4 left ("receive all"); an edit after a receipt is refused in
 * words; both stores' item-stock and item movement follow; the record shows it received. A second transfer is
 * edited, partly received, its receipt taken back and the rest sent back. Screenshots of every new screen: desktop
 * light and dark, phone.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { desktop, phone, postFromPage, readFromPage, screenshot, toastShown } from './support/browser.ts';
import { type Running, serverAndBrowser } from './support/suite.ts';

const running = serverAndBrowser();
const BARCODE = '6291000033017';
const CODE = 'TRF-E2E';
const NAME = 'بطارية نقل 70 أمبير';

/** A page signed in to a store (the login's own store list), on the screen sign-in lands on. */
async function openAs(
  run: Running,
  user: string,
  password: string,
  store: number,
  options: BrowserContextOptions = desktop,
  colorScheme: 'light' | 'dark' = 'light',
) {
  const page = await (await run.browser.newContext({ ...options, colorScheme })).newPage();
  const base = run.server.baseUrl;
  await page.goto(`${base}/folder/login`);
  await page.locator('input[name="user_name"]').fill(user);
  await page.locator('input[name="password"]').fill(password);
  const select = page.locator('select[name="store_id"]');
  await expect.poll(() => select.locator('option').count()).toBeGreaterThan(0);
  await select.selectOption(String(store));
  await page.locator('form.login-card button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  return page;
}

const go = async (page: Page, path: string) => {
  await page.goto(`${running.server.baseUrl}/${path}`);
};
const lastToast = async (page: Page) => (await toastShown(page))?.message ?? '';

/** Scans a barcode into an item adder: typed fast, then Enter, as a scanner does. */
async function scan(page: Page, testId: string, code: string) {
  const field = page.getByTestId(testId);
  await field.waitFor();
  await field.focus();
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

async function itemIdIn(page: Page) {
  const found = await readFromPage<{ id: number; part_no: string }[]>(page, `items/searchStock?search=${CODE}`);
  const item = found.find((i) => i.part_no === CODE);
  if (!item) throw new Error(`no item ${CODE}`);
  return item.id;
}

/** The item's quantity as the item-stock screen shows it after a search for its code. */
async function stockShown(page: Page) {
  await go(page, 'item-stock');
  const answered = page.waitForResponse(
    (r) => r.url().includes('items/stockList') && new URL(r.url()).searchParams.get('search') === CODE,
  );
  await page.locator('[data-testid="item-search"] input').fill(CODE);
  await answered;
  await expect.poll(() => page.locator('[data-testid="stock-table"] tbody tr').count()).toBe(1);
  return page.getByTestId('stock-quantity').first().textContent();
}

/** The closing quantity of the item movement report of the store's row of the item. */
async function movementClosing(page: Page, itemId: number) {
  await go(page, `folder/items-report?item=${itemId}`);
  const closing = page.getByTestId('movement-closing');
  await closing.waitFor();
  return closing;
}

const lines = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"] tbody tr`);

describe('stock transfers between stores', () => {
  it('the main store sends 10, the branch receives 6 and then 4; stock, movement and the record follow', async () => {
    const main = await openAs(running, 'admin', 'admin123', 1);
    const created = await postFromPage(main, 'items/create', {
      item_name: NAME,
      part_no: CODE,
      item_parcode: BARCODE,
      perch_price: '80',
      pay_price: '120',
      firstQuantity: '20',
    });
    expect(created.status).toBe(200);
    const mainItem = await itemIdIn(main);

    // The menu offers the three screens to a role with transfer.create.
    await go(main, 'folder/transfer');
    for (const label of ['التحويل المخزني', 'استلام التحويلات', 'سجل التحويلات'])
      await expect.poll(() => main.locator('ion-menu a', { hasText: label }).count()).toBe(1);

    // The receiving store: every store but this one.
    const toStore = main.getByTestId('transfer-to-store');
    await toStore.waitFor();
    await expect
      .poll(() => toStore.locator('option').allTextContents())
      .toEqual(['اختر المخزن المستلم', 'فرع أم درمان']);
    await toStore.selectOption('2');

    // Scanned: a line of 1 with the 20 on hand; scanned again: 2. Then 25 typed in Arabic-Indic digits: refused by
    // the server with the short item named, and the line marked.
    await scan(main, 'transfer-item-search', BARCODE);
    await expect.poll(() => lines(main, 'transfer-lines').count()).toBe(1);
    expect(await main.getByTestId('transfer-on-hand').allTextContents()).toEqual(['20']);
    const quantity = main.getByLabel(`الكمية ${NAME}`);
    await expect.poll(() => quantity.inputValue()).toBe('1');
    await scan(main, 'transfer-item-search', BARCODE);
    await expect.poll(() => quantity.inputValue()).toBe('2');
    await quantity.fill('٢٥');
    await expect.poll(() => quantity.inputValue()).toBe('25');
    await main.getByTestId('save-transfer').click();
    const alert = main.locator('ion-alert.shortage-alert');
    await expect.poll(() => alert.textContent()).toContain('الكمية غير متوفرة');
    // The quantities are bidi-isolated inside the Arabic sentence.
    expect((await alert.textContent())?.replace(/[\u2068\u2069]/g, '')).toContain(`${NAME}: المطلوب 25، المتوفر 20`);
    await alert.locator('button', { hasText: 'إغلاق' }).click();
    await quantity.fill('١٠');
    await main.locator('input[name="note"]').fill('تعبئة الفرع');
    await screenshot(main, 'transfer-desktop-light');
    await main.getByTestId('save-transfer').click();

    // Saved: the transfer opens with its reference, in transit.
    await main.waitForURL(/folder\/transfer-view\?id=\d+/);
    const transferId = Number(new URL(main.url()).searchParams.get('id'));
    await expect.poll(() => main.getByTestId('transfer-ref').textContent()).toMatch(/^SH-TF-\d{6}$/);
    expect(await main.getByTestId('transfer-status').textContent()).toBe('في الطريق');
    expect(await main.getByTestId('line-in-transit').allTextContents()).toEqual(['10']);
    await screenshot(main, 'transfer-view-desktop-light');
    expect(await stockShown(main)).toBe('10');

    // Its print: A4 with its lines.
    await go(main, `transfer-print?id=${transferId}`);
    await main.getByTestId('transfer-print').waitFor();
    expect(await main.getByTestId('transfer-print').textContent()).toContain('فرع أم درمان');
    await screenshot(main, 'transfer-print-desktop-light');

    // The branch's keeper (store 2 only): the transfer waits in the receipt screen.
    const branch = await openAs(running, 'keeper', 'keeper123', 2);
    const branchItem = await itemIdIn(branch);
    expect(branchItem).not.toBe(mainItem);
    await go(branch, 'folder/transfer-receive');
    await expect.poll(() => lines(branch, 'in-transit').count()).toBe(1);
    expect(await branch.getByTestId('transit-left').allTextContents()).toEqual(['10']);
    await screenshot(branch, 'transfer-receipts-desktop-light');
    await branch.getByTestId('open-receipt').click();
    await branch.waitForURL(/transfer-receive\?id=\d+/);

    // One scanned (its line +1), then 6 typed; an item not on the transfer is refused.
    await scan(branch, 'receipt-item-search', BARCODE);
    const arrived = branch.getByLabel(`الواصل الآن ${NAME}`);
    await expect.poll(() => arrived.inputValue()).toBe('1');
    await arrived.fill('٦');
    await screenshot(branch, 'transfer-receive-desktop-light');
    await branch.getByTestId('save-receipt').click();
    await expect.poll(() => lastToast(branch)).toMatch(/^تم حفظ الاستلام OM-TR-\d{6}$/);
    await branch.waitForURL(/transfer-view/);
    await expect.poll(() => branch.getByTestId('line-in-transit').allTextContents()).toEqual(['4']);
    expect(await branch.getByTestId('line-received').allTextContents()).toEqual(['6']);
    expect(await stockShown(branch)).toBe('6');

    // Received in part: the sender's edit is refused in words (its screen opened by its address).
    await go(main, `folder/edit-transfer?id=${transferId}`);
    await expect.poll(() => main.getByLabel(`الكمية ${NAME}`).inputValue()).toBe('10');
    expect(await main.getByTestId('transfer-received-note').textContent()).toContain('استُلم من هذا التحويل شيء');
    await main.getByTestId('save-transfer').click();
    await expect.poll(() => lastToast(main)).toContain('استُلم من هذا التحويل شيء');
    await go(main, `folder/transfer-view?id=${transferId}`);
    await main.getByTestId('transfer-ref').waitFor();
    expect(await main.getByTestId('edit-transfer').count()).toBe(0);
    expect(await main.getByTestId('delete-transfer').count()).toBe(0);

    // The 4 left: "receive all".
    await go(branch, `folder/transfer-receive?id=${transferId}`);
    await expect.poll(() => branch.getByTestId('arrival-in-transit').allTextContents()).toEqual(['4']);
    await branch.getByTestId('receive-all').click();
    await expect.poll(() => branch.getByLabel(`الواصل الآن ${NAME}`).inputValue()).toBe('4');
    await branch.getByTestId('save-receipt').click();
    await branch.waitForURL(/transfer-view/);
    await expect.poll(() => branch.getByTestId('transfer-status').textContent()).toBe('مستلم');
    expect(await lines(branch, 'transfer-receipts').count()).toBe(2);
    await screenshot(branch, 'transfer-view-received-desktop-light');

    // Both stores' stock and movement: 10 here, 10 there.
    expect(await stockShown(branch)).toBe('10');
    expect(await stockShown(main)).toBe('10');
    await expect.poll(async () => (await movementClosing(main, mainItem)).textContent()).toBe('10');
    await expect.poll(async () => (await movementClosing(branch, branchItem)).textContent()).toBe('10');
    expect(await branch.getByTestId('movement-balance').allTextContents()).toEqual(['6', '10']);
    await screenshot(branch, 'transfer-movement-branch-desktop-light');

    // The record: sent, received; none on the way.
    await go(main, 'folder/transfer-record');
    await expect.poll(() => main.getByTestId('record-status').allTextContents()).toEqual(['مستلم']);
    await main.getByTestId('record-in-transit').check();
    await expect.poll(() => main.locator('p.empty').textContent()).toBe('لا توجد تحويلات');
    await main.getByTestId('record-in-transit').uncheck();
    await expect.poll(() => main.getByTestId('record-status').count()).toBe(1);
    // A range: today's holds it; one of 2020 holds none; received only, none (it was sent).
    await main.getByTestId('record-ranged').check();
    await expect.poll(() => main.getByTestId('record-status').count()).toBe(1);
    await main.locator('input[name="from"]').fill('01/01/2020');
    await main.locator('input[name="to"]').fill('31/01/2020');
    await main.locator('input[name="to"]').press('Tab');
    await expect.poll(() => main.locator('p.empty').textContent()).toBe('لا توجد تحويلات');
    await main.getByTestId('record-ranged').uncheck();
    await main.locator('.segmented, [role="radiogroup"]').getByText('الواردة').click();
    await expect.poll(() => main.locator('p.empty').textContent()).toBe('لا توجد تحويلات');
    await main.locator('.segmented, [role="radiogroup"]').getByText('المرسلة').click();
    await expect.poll(() => main.getByTestId('record-status').count()).toBe(1);
    await screenshot(main, 'transfer-record-desktop-light');
    await main.getByTestId('open-transfer').click();
    await main.waitForURL(new RegExp(`transfer-view\\?id=${transferId}`));
  }, 120_000);

  it('an unreceived transfer is edited; a receipt taken back; what never arrived sent back; every screen dark and on a phone', async () => {
    const main = await openAs(running, 'admin', 'admin123', 1);
    const mainItem = await itemIdIn(main);
    const sent = await postFromPage(main, 'transfer/createWithItems', {
      transfer: { to_store_id: 2, transfer_date: new Date().toISOString().slice(0, 10) },
      items: [{ item_id: mainItem, quantity: '2' }],
    });
    expect(sent.status).toBe(200);
    const id = sent.body.data[0].pay_id as number;

    // Edited: 3 instead of 2.
    await go(main, `folder/transfer-view?id=${id}`);
    await main.getByTestId('edit-transfer').click();
    await main.waitForURL(/edit-transfer/);
    const quantity = main.getByLabel(`الكمية ${NAME}`);
    await expect.poll(() => quantity.inputValue()).toBe('2');
    // On hand for the edit: the 8 left and the 2 it took.
    expect(await main.getByTestId('transfer-on-hand').allTextContents()).toEqual(['10']);
    await quantity.fill('3');
    await main.getByTestId('save-transfer').click();
    await main.waitForURL(/transfer-view/);
    await expect.poll(() => main.getByTestId('line-in-transit').allTextContents()).toEqual(['3']);

    // Every new screen, desktop dark and on a phone (light and dark), with a transfer on the way.
    for (const [device, options] of [
      ['desktop', desktop],
      ['phone', phone],
    ] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        if (device === 'desktop' && scheme === 'light') continue;
        const sender = await openAs(running, 'admin', 'admin123', 1, options, scheme);
        await go(sender, 'folder/transfer');
        await expect.poll(() => sender.locator('[data-testid="transfer-to-store"] option').count()).toBe(2);
        await sender.getByTestId('transfer-to-store').selectOption('2');
        await scan(sender, 'transfer-item-search', BARCODE);
        await expect.poll(() => lines(sender, 'transfer-lines').count()).toBe(1);
        await screenshot(sender, `transfer-${device}-${scheme}`);
        await go(sender, `folder/transfer-view?id=${id}`);
        await sender.getByTestId('transfer-ref').waitFor();
        await screenshot(sender, `transfer-view-${device}-${scheme}`);
        await go(sender, 'folder/transfer-record');
        await expect.poll(() => sender.getByTestId('record-status').count()).toBe(2);
        await screenshot(sender, `transfer-record-${device}-${scheme}`);
        await go(sender, `transfer-print?id=${id}`);
        await sender.getByTestId('transfer-print').waitFor();
        await screenshot(sender, `transfer-print-${device}-${scheme}`);
        const receiver = await openAs(running, 'keeper', 'keeper123', 2, options, scheme);
        await go(receiver, 'folder/transfer-receive');
        await expect.poll(() => lines(receiver, 'in-transit').count()).toBe(1);
        await screenshot(receiver, `transfer-receipts-${device}-${scheme}`);
        await go(receiver, `folder/transfer-receive?id=${id}`);
        await receiver.getByTestId('receive-all').click();
        await screenshot(receiver, `transfer-receive-${device}-${scheme}`);
        await sender.context().close();
        await receiver.context().close();
      }
    }

    // The branch receives 1, then takes that receipt back; the sender sends back all 3.
    const branch = await openAs(running, 'admin', 'admin123', 2);
    await go(branch, `folder/transfer-receive?id=${id}`);
    await branch.getByLabel(`الواصل الآن ${NAME}`).fill('1');
    await branch.getByTestId('save-receipt').click();
    await branch.waitForURL(/transfer-view/);
    await expect.poll(() => branch.getByTestId('line-in-transit').allTextContents()).toEqual(['2']);
    await branch.getByTestId('delete-receipt').click();
    await branch.locator('ion-alert button', { hasText: 'موافق' }).click();
    await expect.poll(() => branch.getByTestId('line-in-transit').allTextContents()).toEqual(['3']);

    await go(main, `folder/transfer-view?id=${id}`);
    await main.getByTestId('send-back').click();
    await main.locator('ion-alert button', { hasText: 'موافق' }).click();
    await expect.poll(() => main.getByTestId('transfer-status').textContent()).toBe('مستلم');
    expect(await main.getByTestId('line-in-transit').allTextContents()).toEqual(['0']);
    expect(await main.getByTestId('transfer-receipts').textContent()).toContain('إعادة إلى المخزن المرسل');
    expect(await stockShown(main)).toBe('10');
  }, 180_000);

  it('a cashier is offered no transfer screen', async () => {
    const cashier = await openAs(running, 'cashier', 'cashier123', 1);
    await go(cashier, 'folder/sales');
    await cashier.locator('ion-menu a').first().waitFor();
    for (const label of ['التحويل المخزني', 'استلام التحويلات', 'سجل التحويلات'])
      expect(await cashier.locator('ion-menu a', { hasText: label }).count()).toBe(0);
  });
});
