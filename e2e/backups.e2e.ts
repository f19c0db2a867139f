/**
 * An owner's backups (issue 32): the server backs up by itself and verifies each backup, the settings screen shows
 * the last verified one with what it holds, "back up now" makes another, a kept backup downloads; light and dark,
 * desktop and phone. A cashier sees no backups.
 */
import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createItem, desktop, phone, screenshot, signIn, toastShown } from './support/browser.ts';
import { serverAndBrowser } from './support/suite.ts';

// Every 12 seconds, so the automatic backup comes within the test (the first one a few seconds after the start).
const running = serverAndBrowser({ MIZAN_BACKUP_EVERY: '0.2' });

describe('backups on the settings screen', () => {
  it('an automatic backup appears verified; "back up now" adds one; a kept one downloads', async () => {
    const page = await (await running.browser.newContext({ ...desktop, acceptDownloads: true })).newPage();
    await signIn(page, running.server.baseUrl);
    await page.waitForURL(/folder\/sales|analytics-dashboard/);
    expect(
      await createItem(page, { item_name: 'بطارية للنسخ', perch_price: '50', pay_price: '70', firstQuantity: '4' }),
    ).toBe(200);
    await page.goto(`${running.server.baseUrl}/folder/settings`);
    const section = page.getByTestId('backup-section');
    await section.waitFor();
    // The automatic one: no button pressed. The screen reads the status again when opened.
    await expect
      .poll(
        async () => {
          await page.reload();
          await section.waitFor();
          return page.getByTestId('backup-last').textContent();
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toMatch(/mizan-\d{4}-\d{2}-\d{2}T\d{4}/);
    const last = (await page.getByTestId('backup-last').textContent()) ?? '';
    expect(last).toContain('المستندات');
    expect(last).toContain('المخزون بالتكلفة');
    // The opening quantity of the item made above is in it: 4 × 50.00 at cost.
    expect(last).toContain('200.00');
    expect(await page.getByTestId('backup-warning').count()).toBe(0);

    await page.getByTestId('backup-now').click();
    await expect
      .poll(async () => (await toastShown(page))?.message ?? '', { timeout: 30_000 })
      .toBe('تم حفظ نسخة احتياطية والتحقق منها');
    const rows = page.locator('[data-testid="backup-kept"] tbody tr');
    expect(await rows.count()).toBeGreaterThan(0);

    const [download] = await Promise.all([page.waitForEvent('download'), rows.first().locator('ion-button').click()]);
    expect(download.suggestedFilename()).toMatch(/^mizan-.*\.backup$/);
    const path = await download.path();
    expect(statSync(path).size).toBeGreaterThan(1000);
    await screenshot(page, 'backups-desktop-light');
    await page.context().close();
  });

  it('screenshots: dark desktop, phone light and dark; a cashier has no backup section', async () => {
    for (const [name, options, colorScheme] of [
      ['backups-desktop-dark', desktop, 'dark'],
      ['backups-phone-light', phone, 'light'],
      ['backups-phone-dark', phone, 'dark'],
    ] as const) {
      const page = await (await running.browser.newContext({ ...options, colorScheme })).newPage();
      await signIn(page, running.server.baseUrl);
      await page.waitForURL(/folder\/sales|analytics-dashboard/);
      await page.goto(`${running.server.baseUrl}/folder/settings`);
      await page.getByTestId('backup-last').waitFor();
      await page.getByTestId('backup-section').scrollIntoViewIfNeeded();
      await screenshot(page, name);
      await page.context().close();
    }
    const cashier = await (await running.browser.newContext(desktop)).newPage();
    await signIn(cashier, running.server.baseUrl, 'cashier', 'cashier123');
    await cashier.waitForURL((url) => !url.pathname.endsWith('/login'));
    await cashier.goto(`${running.server.baseUrl}/folder/settings`);
    await cashier.locator('ion-card').first().waitFor();
    expect(await cashier.getByTestId('backup-section').count()).toBe(0);
    await cashier.context().close();
  });
});
