/**
 * A VAT-registered shop's value-only sale (issue 35, finding 3) as a user sees it: the screen shows the rate (the
 * company's standard one until another is typed), the VAT and the total with it as the server saves them; the A4
 * invoice prints the VAT and its tax QR carries it, not 0.00; opened again, the invoice shows its own rate.
 */
import { describe, expect, it } from 'vitest';
import { postFromPage, readFromPage, screenshot, toastShown, typeInto } from './support/browser.ts';
import { openSignedIn, serverAndBrowser } from './support/suite.ts';

const running = serverAndBrowser();

/** The tags of a tax QR (TLV, Base64). */
function decodeTlv(base64: string) {
  const bytes = Buffer.from(base64, 'base64');
  const tags: { tag: number; value: string }[] = [];
  for (let i = 0; i < bytes.length; ) {
    const length = bytes[i + 1] ?? 0;
    tags.push({ tag: bytes[i] ?? 0, value: bytes.subarray(i + 2, i + 2 + length).toString('utf8') });
    i += 2 + length;
  }
  return tags;
}

describe('VAT on a value-only sale', () => {
  it('the screen shows the standard rate, the VAT and the total with it; the print and its QR carry the VAT', async () => {
    const page = await openSignedIn(running);
    const company = await postFromPage(page, 'company/update', {
      arName: 'مؤسسة ميزان للتجارة',
      engName: 'Mizan Trading',
      vatNo: '300123456700003',
      country_code: 'SA',
      currency_code: 'SAR',
      currency_symbol: 'ر.س',
      currency_decimals: 2,
      vat_registered: true,
      prices_include_vat: false,
      vat_rate: '15',
    });
    expect(company.status).toBe(200);
    await page.goto(`${running.server.baseUrl}/folder/salessnd`);
    await typeInto(page, 'customer', 'محمد عثمان للتجارة — 102');
    await page.getByTestId('party-balance').waitFor();
    await typeInto(page, 'tot_pr', '200');
    // The rate left empty shows the company's standard rate and charges it.
    expect(await page.locator('input[name="vat_rate"]').getAttribute('placeholder')).toBe('15.00');
    await expect.poll(() => page.getByTestId('taxTot').textContent()).toBe('30.00');
    expect(await page.getByTestId('total_with_vat').textContent()).toBe('230.00');
    await typeInto(page, 'vat_rate', '5');
    await expect.poll(() => page.getByTestId('taxTot').textContent()).toBe('10.00');
    // Emptied again, the standard rate.
    await typeInto(page, 'vat_rate', '');
    await page.keyboard.press('Backspace');
    await expect.poll(() => page.getByTestId('taxTot').textContent()).toBe('30.00');
    await typeInto(page, 'pay', '30');
    await expect.poll(() => page.getByTestId('changee').textContent()).toBe('200.00');
    await screenshot(page, 'value-sale-vat-desktop');
    await page.keyboard.press('Control+s');
    await expect.poll(async () => (await toastShown(page))?.message ?? '').toMatch(/SH-S-\d{6}/);
    const ref = ((await toastShown(page))?.message ?? '').split(' ').pop() ?? '';
    const sales = await readFromPage<{ pay_id: number; pay_ref: string; taxTot: string; vat_rate: string | null }[]>(
      page,
      'pay/getTopSales?store_id=1&value_only=true',
    );
    const sale = sales.find((s) => s.pay_ref === ref);
    expect(sale).toMatchObject({ taxTot: '30.00', vat_rate: '15.00' });

    // The A4 invoice: the VAT and the total with it, and the tax QR's VAT.
    await page.goto(`${running.server.baseUrl}/print-modal?kind=pay&id=${sale?.pay_id}`);
    await page.getByTestId('invoice-print').waitFor();
    await page.getByTestId('tax-qr').waitFor();
    const totals = await page.getByTestId('print-totals').innerText();
    expect(totals).toContain('30.00');
    expect(totals).toContain('230.00');
    const qr = decodeTlv((await page.getByTestId('tax-qr').getAttribute('data-qr')) ?? '');
    expect(qr.slice(3)).toEqual([
      { tag: 4, value: '230.00' },
      { tag: 5, value: '30.00' },
    ]);
    await screenshot(page, 'value-sale-vat-print');

    // Opened again, it shows its own rate.
    await page.goto(`${running.server.baseUrl}/folder/editsalessnd?id=${sale?.pay_id}`);
    await expect.poll(() => page.locator('input[name="vat_rate"]').inputValue()).toBe('15.00');
    await expect.poll(() => page.getByTestId('total_with_vat').textContent()).toBe('230.00');
    await page.context().close();
  });
});
