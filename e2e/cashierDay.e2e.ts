/**
 * A cashier's day at the counter (issue 21, part 1), each defect as it was met: walk-in sales booked unpaid, a
 * discount that changed by itself, Ctrl+S lost after a line was removed, the print question eating Esc and the next
 * scan, and the keys a credit sale takes.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  createItem,
  desktop,
  holdRequests,
  invoiceLines,
  phone,
  postFromPage,
  readFromPage,
  screenshot,
  signIn,
  toastShown,
  typeInto,
} from './support/browser.ts';
import { openSignedIn, serverAndBrowser } from './support/suite.ts';

const running = serverAndBrowser();

const toastMessage = async (page: Page) => (await toastShown(page))?.message ?? '';
const focusedName = (page: Page) =>
  page.evaluate(
    () => document.activeElement?.getAttribute('name') ?? document.activeElement?.getAttribute('aria-label'),
  );
type Sale = { pay_ref: string; pay: string; changee: string; discount: string; tot_pr: string; sub_name: string };
/** A saved sale of store 1 by its reference, as the record reads it. */
const saleOf = async (page: Page, ref: string) =>
  (await readFromPage<Sale[]>(page, 'pay/getTopSales?store_id=1')).find((sale) => sale.pay_ref === ref);
const savedRef = async (page: Page, before = '') => {
  await expect.poll(() => toastMessage(page)).toMatch(/SH-S-\d{6}/);
  await expect.poll(() => toastMessage(page)).not.toContain(before || 'none');
  return (await toastMessage(page)).split(' ').pop() ?? '';
};
const question = (page: Page) => page.locator('.question');

/** The cashier's keys, counted: each key pressed, each character typed; a scan is one (the scanner's trigger). */
function keysOf(page: Page) {
  const counted = { keys: 0 };
  return {
    counted,
    press: async (key: string) => {
      counted.keys += 1;
      await page.keyboard.press(key);
    },
    type: async (text: string) => {
      counted.keys += [...text].length;
      await page.keyboard.type(text);
    },
    /** A barcode scanner: 13 digits at 2 ms a key, then Enter. */
    scan: async (code: string) => {
      counted.keys += 1;
      await page.keyboard.type(code, { delay: 2 });
      await page.keyboard.press('Enter');
    },
  };
}

/** A code typed and Enter, as a cashier who then sees the line on the screen (the total changed). */
async function addByCode(page: Page, code: string) {
  const total = page.getByTestId('tot_pr');
  const before = await total.textContent();
  await typeInto(page, 'item_search', code);
  await page.keyboard.press('Enter');
  await expect.poll(() => total.textContent()).not.toBe(before);
}

describe('a sale to the walk-in customer is a cash sale', () => {
  it('paid follows the net until typed; a remainder on him is refused in Arabic; a credit customer may owe', async () => {
    const page = await openSignedIn(running);
    expect(
      await createItem(page, {
        item_name: 'بطارية 70',
        part_no: 'BAT-70',
        perch_price: '300',
        pay_price: '450',
        firstQuantity: '40',
      }),
    ).toBe(200);
    await page.reload();
    await expect.poll(() => page.locator('input[name="customer"]').inputValue()).toBe('عميل نقدي — 101');
    await addByCode(page, 'BAT-70');
    await expect.poll(() => invoiceLines(page).count()).toBe(1);
    await expect.poll(() => page.locator('input[name="pay"]').inputValue()).toBe('450.00');
    await typeInto(page, 'discount', '50');
    await expect.poll(() => page.locator('input[name="pay"]').inputValue()).toBe('400.00');
    await page.keyboard.press('Control+s');
    const first = await savedRef(page);
    await page.keyboard.press('Escape');
    expect(await saleOf(page, first)).toMatchObject({ pay: '400.00', changee: '0.00', sub_name: 'عميل نقدي' });

    // Typed less than the net: the screen says why and refuses to save it.
    await addByCode(page, 'BAT-70');
    await typeInto(page, 'pay', '100');
    await expect.poll(() => page.getByTestId('walk-in-unpaid').textContent()).toContain('عميل نقدي');
    await page.keyboard.press('Control+s');
    await expect.poll(() => toastMessage(page)).toContain('عميل نقدي');
    expect(await question(page).count()).toBe(0);
    // The same sale to a customer who buys on credit is saved, 350 owed.
    expect(
      (
        await postFromPage(page, 'sub_accounts/create', {
          sub_name: 'ورشة النور',
          ac_id: 1,
          cat_id: 1,
          sub_code: '311',
          sub_balance: '0',
        })
      ).status,
    ).toBe(200);
    await page.reload();
    await addByCode(page, 'BAT-70');
    // Chosen as a cashier chooses him: part of his name, then his name among the suggestions.
    await typeInto(page, 'customer', 'النور');
    await page.locator('[role="option"]', { hasText: 'ورشة النور' }).click();
    await typeInto(page, 'pay', '100');
    await page.keyboard.press('Control+s');
    const credit = await savedRef(page, first);
    await page.keyboard.press('Escape');
    expect(await saleOf(page, credit)).toMatchObject({ pay: '100.00', changee: '350.00' });
    await page.context().close();
  });
});

describe('the discount the cashier typed holds', () => {
  it('16 typed as an amount stays through a new line and a Tab through الخصم %; a % typed follows the total', async () => {
    const page = await openSignedIn(running);
    expect(
      await createItem(page, {
        item_name: 'شمعة إشعال',
        part_no: 'PLG-1',
        perch_price: '20',
        pay_price: '80',
        firstQuantity: '90',
      }),
    ).toBe(200);
    expect(
      await createItem(page, {
        item_name: 'سلك شمعة',
        part_no: 'WIR-1',
        perch_price: '20',
        pay_price: '40',
        firstQuantity: '90',
      }),
    ).toBe(200);
    await page.reload();
    await addByCode(page, 'PLG-1');
    await typeInto(page, 'discount_percent', '10');
    await expect.poll(() => page.locator('input[name="discount"]').inputValue()).toBe('8.00');
    await typeInto(page, 'discount', '16');
    await addByCode(page, 'WIR-1');
    await expect.poll(() => page.getByTestId('tot_pr').textContent()).toBe('120.00');
    await page.locator('input[name="discount_percent"]').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.locator('input[name="discount"]').inputValue()).toBe('16');
    await expect.poll(() => page.locator('input[name="discount_percent"]').inputValue()).toBe('13.33');
    await page.keyboard.press('Control+s');
    const ref = await savedRef(page);
    await page.keyboard.press('Escape');
    expect(await saleOf(page, ref)).toMatchObject({ discount: '16.00', tot_pr: '120.00', pay: '104.00' });

    // A % typed last: the amount follows the total as lines come.
    await addByCode(page, 'PLG-1');
    await typeInto(page, 'discount_percent', '5');
    await expect.poll(() => page.locator('input[name="discount"]').inputValue()).toBe('4.00');
    await addByCode(page, 'WIR-1');
    await expect.poll(() => page.locator('input[name="discount"]').inputValue()).toBe('6.00');
    await page.context().close();
  });
});

describe('the invoice shortcuts work wherever the focus is', () => {
  it('Ctrl+S after a line is removed saves; the button shows its shortcut and that a slow save is working', async () => {
    const page = await openSignedIn(running);
    expect(
      await createItem(page, {
        item_name: 'مساحة زجاج',
        part_no: 'WPR-1',
        perch_price: '10',
        pay_price: '25',
        firstQuantity: '90',
      }),
    ).toBe(200);
    expect(
      await createItem(page, {
        item_name: 'مساحة خلفية',
        part_no: 'WPR-2',
        perch_price: '10',
        pay_price: '26',
        firstQuantity: '90',
      }),
    ).toBe(200);
    await page.reload();
    await addByCode(page, 'WPR-1');
    await addByCode(page, 'WPR-2');
    await expect.poll(() => invoiceLines(page).count()).toBe(2);
    const saveButton = page.getByTestId('save-invoice');
    expect(await saveButton.textContent()).toContain('Ctrl+S');
    await invoiceLines(page).nth(1).getByRole('button', { name: 'حذف' }).click();
    await expect.poll(() => invoiceLines(page).count()).toBe(1);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    // A slow network: the save says it is working, and a second Ctrl+S meanwhile saves nothing twice.
    const { release } = await holdRequests(page, '**/api/pay/createWithItems*');
    await page.keyboard.press('Control+s');
    await expect.poll(() => saveButton.textContent()).toContain('جارٍ الحفظ');
    await page.keyboard.press('Control+s');
    release();
    const ref = await savedRef(page);
    await page.keyboard.press('Escape');
    await page.unroute('**/api/pay/createWithItems*');
    expect(await saleOf(page, ref)).toMatchObject({ tot_pr: '25.00' });
    const refs = (await readFromPage<Sale[]>(page, 'pay/getTopSales?store_id=1')).filter((s) => s.tot_pr === '25.00');
    expect(refs).toHaveLength(1);
    await page.context().close();
  });
});

describe('the print question', () => {
  it('Esc means no while the saved toast shows, and the scan typed next is kept; Enter prints', async () => {
    const page = await openSignedIn(running);
    for (const [name, code, barcode] of [
      ['زيت محرك', 'OIL-20', '6290000000201'],
      ['فلتر هواء', 'AIR-20', '6290000000202'],
    ] as const) {
      expect(
        await createItem(page, {
          item_name: name,
          part_no: code,
          item_parcode: barcode,
          perch_price: '10',
          pay_price: '30',
          firstQuantity: '500',
        }),
      ).toBe(200);
    }
    await page.reload();
    await expect.poll(() => focusedName(page)).toBe('item_search');
    const keys = keysOf(page);
    let last = '';
    // Ten sales at a counter's pace: scan, save, Esc, and the next scan at once.
    for (let sale = 0; sale < 10; sale++) {
      await keys.scan(sale % 2 ? '6290000000202' : '6290000000201');
      await expect.poll(() => invoiceLines(page).count()).toBe(1);
      await keys.press('Control+s');
      last = await savedRef(page, last);
      await question(page).waitFor();
      // The toast is on show: Esc is the question's.
      expect(await toastMessage(page)).toContain(last);
      await keys.press('Escape');
      await expect.poll(() => question(page).count()).toBe(0);
      await expect.poll(() => focusedName(page)).toBe('item_search');
    }
    // The next scan typed while the question is still open: it answers no and lands in the item field.
    await keys.scan('6290000000201');
    await expect.poll(() => invoiceLines(page).count()).toBe(1);
    await keys.press('Control+s');
    last = await savedRef(page, last);
    await question(page).waitFor();
    await keys.scan('6290000000202');
    await expect.poll(() => question(page).count()).toBe(0);
    await expect.poll(() => invoiceLines(page).count()).toBe(1);
    expect(await invoiceLines(page).first().textContent()).toContain('فلتر هواء');
    await keys.press('Control+s');
    last = await savedRef(page, last);
    // Enter takes the default answer: print.
    await question(page).waitFor();
    await keys.press('Enter');
    await page.waitForURL(/print-modal/);
    const sales = await readFromPage<Sale[]>(page, 'pay/getTopSales?store_id=1');
    expect(sales.filter((s) => s.tot_pr === '30.00')).toHaveLength(12);
    await page.context().close();
  });
});

describe('keys', () => {
  it('a 5-line credit sale (customer, 3 names or codes, 2 scans, discount, paid) takes at most 45 keys', async () => {
    const page = await openSignedIn(running);
    for (const [name, code, barcode] of [
      ['كفر أمامي', 'K1', '6290000000301'],
      ['كفر خلفي', 'K2', '6290000000302'],
      ['صمام هواء', 'V1', '6290000000303'],
      ['حزام مروحة', 'B1', '6290000000304'],
      ['غطاء رديتر', 'C1', '6290000000305'],
    ] as const) {
      expect(
        await createItem(page, {
          item_name: name,
          part_no: code,
          item_parcode: barcode,
          perch_price: '10',
          pay_price: '20',
          firstQuantity: '500',
        }),
      ).toBe(200);
    }
    expect(
      (
        await postFromPage(page, 'sub_accounts/create', {
          sub_name: 'معرض الأمل',
          ac_id: 1,
          cat_id: 1,
          sub_code: '412',
          sub_balance: '0',
        })
      ).status,
    ).toBe(200);
    await page.reload();
    await expect.poll(() => focusedName(page)).toBe('item_search');
    await expect.poll(() => page.locator('input[name="customer"]').inputValue()).toBe('عميل نقدي — 101');
    const keys = keysOf(page);
    await keys.press('F2');
    await keys.type('412');
    await keys.press('Enter');
    await expect.poll(() => focusedName(page)).toBe('item_search');
    await keys.type('K1');
    await keys.press('Enter');
    await keys.type('V1');
    await keys.press('Enter');
    // A name: Enter picks the first result, the quantity, Enter adds the line and goes on to the next item.
    await keys.type('حزام');
    await page.locator('.item-results button').first().waitFor();
    await keys.press('Enter');
    await keys.type('3');
    await keys.press('Enter');
    await expect.poll(() => focusedName(page)).toBe('item_search');
    await keys.scan('6290000000302');
    await keys.scan('6290000000305');
    await expect.poll(() => invoiceLines(page).count()).toBe(5);
    await keys.press('F4');
    await keys.type('10');
    await keys.press('F8');
    await keys.type('50');
    await keys.press('Control+s');
    const ref = await savedRef(page);
    await keys.press('Escape');
    expect(await saleOf(page, ref)).toMatchObject({
      sub_name: 'معرض الأمل',
      tot_pr: '140.00',
      discount: '10.00',
      pay: '50.00',
      changee: '80.00',
    });
    expect(keys.counted.keys).toBeLessThanOrEqual(45);
    console.log(`a 5-line credit sale: ${keys.counted.keys} keys`);
    await page.context().close();
  });
});

/** A phone whose camera shows a barcode: the browser's BarcodeDetector reads it once `window.scanNow` is set. */
async function phoneWithCamera(look: 'light' | 'dark', code: string) {
  const context = await running.browser.newContext({ ...phone, colorScheme: look });
  await context.addInitScript((barcode) => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const paint = canvas.getContext('2d');
    if (paint) {
      paint.fillStyle = '#eee';
      paint.fillRect(0, 0, 320, 240);
      for (let x = 20; x < 300; x += 7) paint.fillRect(x, 60, (x % 3) + 1, 120);
      paint.fillStyle = '#111';
      for (let x = 20; x < 300; x += 7) paint.fillRect(x, 60, (x % 3) + 1, 120);
    }
    Object.defineProperty(navigator, 'mediaDevices', {
      value: { getUserMedia: async () => canvas.captureStream(10) },
    });
    (window as unknown as { BarcodeDetector: unknown }).BarcodeDetector = class {
      async detect() {
        return (window as unknown as { scanNow?: boolean }).scanNow ? [{ rawValue: barcode }] : [];
      }
    };
  }, code);
  const page = await context.newPage();
  await signIn(page, running.server.baseUrl, 'cashier', 'cashier123');
  await page.waitForURL('**/folder/sales-mob');
  return page;
}

describe('on a phone', () => {
  it('the camera reads a barcode into the sale; the print question’s buttons are big enough for a finger', async () => {
    for (const look of ['light', 'dark'] as const) {
      const barcode = look === 'light' ? '6290000000501' : '6290000000502';
      const page = await phoneWithCamera(look, barcode);
      // Items are the administrator's to create (a cashier's role has no items permission).
      const admin = await openSignedIn(running);
      expect(
        await createItem(admin, {
          item_name: `مصباح ${look}`,
          part_no: `CAM-${look}`,
          item_parcode: barcode,
          perch_price: '5',
          pay_price: '12',
          firstQuantity: '20',
        }),
      ).toBe(200);
      await admin.context().close();
      await page.locator('.invoice-sections label', { hasText: 'الأصناف' }).click();
      const camera = page.getByTestId('camera-scan').first();
      const box = await camera.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      await camera.tap();
      await page.getByTestId('camera-video').waitFor();
      await screenshot(page, `cashier-camera-phone-${look}`);
      await page.evaluate(() => {
        (window as unknown as { scanNow: boolean }).scanNow = true;
      });
      await expect.poll(() => invoiceLines(page).count()).toBe(1);
      expect(await invoiceLines(page).first().textContent()).toContain(`مصباح ${look}`);
      await page.locator('.invoice-sections label', { hasText: 'الحسابات' }).click();
      // A walk-in sale: the paid amount is the net.
      await expect.poll(() => page.locator('input[name="pay"]:visible').inputValue()).toBe('12.00');
      await page.getByTestId('save-invoice').click();
      await question(page).waitFor();
      await screenshot(page, `cashier-print-question-phone-${look}`);
      for (const answer of await question(page).locator('button').all()) {
        const size = await answer.boundingBox();
        expect(size?.height ?? 0).toBeGreaterThanOrEqual(44);
        expect(size?.width ?? 0).toBeGreaterThanOrEqual(44);
      }
      await question(page).locator('button', { hasText: 'لا' }).tap();
      await expect.poll(() => question(page).count()).toBe(0);
      await page.context().close();
    }
  });

  it('without BarcodeDetector the ZXing reader is fetched only when the camera button is pressed', async () => {
    const context = await running.browser.newContext(phone);
    await context.addInitScript(() => {
      const canvas = document.createElement('canvas');
      Object.defineProperty(navigator, 'mediaDevices', {
        value: { getUserMedia: async () => canvas.captureStream(5) },
      });
      delete (window as unknown as { BarcodeDetector?: unknown }).BarcodeDetector;
    });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('response', async (response) => {
      if (response.url().endsWith('.js')) scripts.push(await response.text().catch(() => ''));
    });
    await signIn(page, running.server.baseUrl, 'cashier', 'cashier123');
    await page.waitForURL('**/folder/sales-mob');
    await page.locator('.invoice-sections label', { hasText: 'الأصناف' }).click();
    await page.getByTestId('camera-scan').first().waitFor();
    const zxing = () => scripts.filter((text) => text.includes('NotFoundException')).length;
    expect(zxing()).toBe(0);
    await page.getByTestId('camera-scan').first().tap();
    await expect.poll(zxing).toBeGreaterThan(0);
    await context.close();
  });
});

describe('records, purchases and deleting', () => {
  it('the sales record finds an invoice by its number and fits 1366 px; the purchase screen offers suppliers only', async () => {
    for (const look of ['light', 'dark'] as const) {
      const page = await openSignedIn(running, { ...desktop, colorScheme: look });
      expect(
        await createItem(page, {
          item_name: `سلعة سجل ${look}`,
          part_no: `REC-${look}`,
          perch_price: '5',
          pay_price: '10',
          firstQuantity: '50',
        }),
      ).toBe(200);
      await page.reload();
      const refs: string[] = [];
      for (let sale = 0; sale < 3; sale++) {
        await addByCode(page, `REC-${look}`);
        await page.keyboard.press('Control+s');
        refs.push(await savedRef(page, refs.at(-1)));
        await page.keyboard.press('Escape');
        await expect.poll(() => question(page).count()).toBe(0);
      }
      await page.goto(`${running.server.baseUrl}/folder/sales-record`);
      const rows = page.locator('[data-testid="sales-record"] tbody tr');
      await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(3);
      const wanted = refs[1] ?? '';
      await typeInto(page, 'record_number', `s-${Number(wanted.slice(-6))}`);
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().textContent()).toContain(wanted);
      // No sideways scroll: the table and the page fit the window.
      const overflow = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.table-scroll, ion-content')].map(
          (box) => box.scrollWidth - box.clientWidth,
        ),
      );
      for (const extra of overflow) expect(extra).toBeLessThanOrEqual(1);
      await screenshot(page, `cashier-sales-record-desktop-${look}`);

      // The purchase screen speaks of suppliers and offers only them.
      await page.goto(`${running.server.baseUrl}/folder/purchase`);
      await page.locator('input[name="customer"]').waitFor();
      expect(await page.locator('label', { hasText: 'حساب المورد' }).count()).toBe(1);
      // A letter every demo party's name holds suggests the suppliers only (the server is asked for that side).
      await typeInto(page, 'customer', 'ل');
      const offered = page.locator('[role="listbox"] [role="option"]');
      await expect.poll(() => offered.allTextContents()).toContain('شركة الخليج للاسبيرات201');
      expect((await offered.allTextContents()).some((o) => o.includes('عميل نقدي') || o.includes('ورشة'))).toBe(false);
      await page.keyboard.press('Escape');
      // A dialog opens with the focus on its first field: the new supplier's name is typed at once.
      await page.getByTestId('new-party').click();
      await expect.poll(() => focusedName(page)).toBe('sub_name');
      await page.keyboard.press('Escape');
      await page.context().close();
    }
  });

  it('the delete confirmation names the invoice; a cashier is not offered another user’s invoice', async () => {
    const page = await openSignedIn(running);
    expect(
      await createItem(page, {
        item_name: 'سلعة حذف',
        part_no: 'DEL-1',
        perch_price: '5',
        pay_price: '10',
        firstQuantity: '50',
      }),
    ).toBe(200);
    const [item] = await readFromPage<{ id: number }[]>(page, 'items/searchStock?store_id=1&search=DEL-1');
    const parties = await readFromPage<{ id: number; sub_name: string }[]>(
      page,
      'sub_accounts/getAllCustomerSupplier?store_id=1',
    );
    const walkIn = parties.find((p) => p.sub_name === 'عميل نقدي')?.id;
    const sale = (day: string) =>
      postFromPage(page, 'pay/createWithItems', {
        invoice: { cust_id: walkIn, pay_date: day, discount: '0', pay: '10' },
        items: [{ item_id: item?.id, quantity: '1' }],
      });
    const today = await page.evaluate(() => {
      const now = new Date();
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
    });
    const earlier = (await sale(`${today.slice(0, 4)}-01-02`)).body.data[0];
    const current = (await sale(today)).body.data[0];
    await page.goto(`${running.server.baseUrl}/folder/edit-sales?id=${current.pay_id}&kind=pay`);
    await page.locator('ion-button', { hasText: 'حــذف' }).click();
    await expect.poll(() => page.locator('ion-alert').textContent()).toContain(current.pay_ref);
    await page.locator('ion-alert button', { hasText: 'إلغاء' }).click();
    await page.context().close();

    const cashier = await (await running.browser.newContext(desktop)).newPage();
    await signIn(cashier, running.server.baseUrl, 'cashier', 'cashier123');
    await cashier.waitForURL('**/folder/sales');
    // The cashier's own invoice of today is theirs to delete; the administrator's (of today or of another day) is
    // another user's: a cashier's role does not even read it (readOthers), so nothing of it is offered.
    const own = (
      await postFromPage(cashier, 'pay/createWithItems', {
        invoice: { cust_id: walkIn, pay_date: today, discount: '0', pay: '10' },
        items: [{ item_id: item?.id, quantity: '1' }],
      })
    ).body.data[0];
    await cashier.goto(`${running.server.baseUrl}/folder/edit-sales?id=${own.pay_id}&kind=pay`);
    await cashier.locator('ion-button', { hasText: 'حــذف' }).waitFor();
    for (const theirs of [current, earlier]) {
      await cashier.goto(`${running.server.baseUrl}/folder/edit-sales?id=${theirs.pay_id}&kind=pay`);
      await expect.poll(async () => (await toastShown(cashier))?.message).toMatch(/رؤية مستندات المستخدمين الآخرين/);
      await cashier.waitForTimeout(500);
      expect(await cashier.locator('[data-testid="invoice-lines"] tbody tr').count()).toBe(0);
      expect(await cashier.locator('ion-button', { hasText: 'حــذف' }).count()).toBe(0);
      expect(await cashier.getByTestId('save-invoice').count()).toBe(0);
    }
    await cashier.goto(`${running.server.baseUrl}/folder/items`);
    await cashier.getByTestId('items-table').waitFor();
    await cashier.waitForTimeout(500);
    // Neither prices nor new items nor imports are a cashier's (docs/permissions.md): none is offered.
    expect(await cashier.locator('ion-button', { hasText: 'تعديل الأسعار' }).count()).toBe(0);
    expect(await cashier.getByTestId('new-item').count()).toBe(0);
    await cashier.context().close();
  });
});
