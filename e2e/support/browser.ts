/** Debian's Chromium driven by playwright-core, with the flags this machine needs (no sandbox, no network chatter). */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';

export const artifactsDir = fileURLToPath(new URL('../artifacts', import.meta.url));

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export const desktop: BrowserContextOptions = { viewport: { width: 1366, height: 768 }, locale: 'ar' };
export const phone: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'ar',
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
};

export async function screenshot(page: Page, name: string) {
  mkdirSync(artifactsDir, { recursive: true });
  // Let fonts and transitions settle so the picture shows what a user sees.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(artifactsDir, `${name}.png`) });
}

/** Fills an Ionic input by its name (Ionic gives the native input inside ion-input the same name). */
export async function fillIon(page: Page, name: string, value: string) {
  await page.locator(`input[name="${name}"], textarea[name="${name}"]`).first().fill(value);
}

export async function signIn(page: Page, baseUrl: string, user = 'admin', password = 'admin123') {
  await page.goto(`${baseUrl}/folder/login`);
  await fillIon(page, 'user_name', user);
  await fillIon(page, 'password', password);
  await page.locator(loginSubmit).click();
}

/** The sign-in page's submit button (plain HTML: the page is drawn without Ionic). */
export const loginSubmit = 'form.login-card button[type="submit"]';

/**
 * The message and colour of the latest toast on screen (Ionic keeps them as properties, not attributes; a toast
 * of an earlier screen can still be in the page). The sign-in page's toast is plain HTML with its colour in
 * `data-color`.
 */
export function toastShown(page: Page) {
  return page.evaluate(() => {
    const plain = document.querySelector<HTMLElement>('.login-toast');
    if (plain) return { message: plain.textContent ?? '', color: plain.dataset.color };
    const toast = [...document.querySelectorAll('ion-toast.mizan-toast')].pop() as
      | (HTMLElement & { message?: string; color?: string })
      | null;
    return toast ? { message: toast.message, color: toast.color } : null;
  });
}

/** A change through the API from the signed-in page (its cookies and anti-forgery token): test data set-up. */
export function postFromPage(page: Page, path: string, body: object) {
  return page.evaluate(
    async ([url, payload]) => {
      const xsrf =
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('XSRF-TOKEN='))
          ?.slice(11) ?? '';
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
        body: JSON.stringify(payload),
      });
      return { status: res.status, body: await res.json() };
    },
    [`/api/${path}`, body] as const,
  );
}

/** Reads through the API from the signed-in page (its cookies): the answer's `data`. */
export const readFromPage = <T>(page: Page, path: string) =>
  page.evaluate(async (url) => (await fetch(url).then((r) => r.json())).data as unknown, `/api/${path}`) as Promise<T>;

/** Creates an item from the signed-in page; answers the HTTP status. */
export const createItem = async (page: Page, item: object) => (await postFromPage(page, 'items/create', item)).status;

/** Types into a plain input by name as a user does: focus, select what is there, type. */
export async function typeInto(page: Page, name: string, text: string) {
  // Only a visible field: right after a segment switch the field may still be hidden, and focusing
  // a hidden input leaves the keyboard on the page body.
  const field = page.locator(`input[name="${name}"]:visible`);
  await field.waitFor();
  await field.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}

/** The lines of the invoice on show. */
export const invoiceLines = (page: Page) => page.locator('[data-testid="invoice-lines"] tbody tr');

/**
 * Holds the page's requests to `url` until `release()` (a slow network at a chosen moment); `asked` settles when the
 * first of them is made.
 */
export async function holdRequests(page: Page, url: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let markAsked!: () => void;
  const asked = new Promise<void>((resolve) => {
    markAsked = resolve;
  });
  await page.route(url, async (route) => {
    markAsked();
    await held;
    await route.continue();
  });
  return { release, asked };
}
