/** One real server and one browser for a test file: started before its tests, stopped after them. */
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { desktop, launchBrowser, signIn } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

/**
 * Every page of every context listens for the browser's report of a content security policy violation: the
 * server's policy must never block what the web app does (styles, logo, downloads, service worker, fonts).
 */
function reportPolicyViolations(browser: Browser, violations: string[]) {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    context.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    return context;
  };
}

export function serverAndBrowser(env: Record<string, string> = {}) {
  const running = {} as { server: RunningServer; browser: Browser; policyViolations: string[] };
  beforeAll(async () => {
    [running.server, running.browser] = await Promise.all([startServer(env), launchBrowser()]);
    running.policyViolations = [];
    reportPolicyViolations(running.browser, running.policyViolations);
  });
  afterAll(async () => {
    // The server is stopped even when closing the browser fails (the process's exit kills it otherwise).
    try {
      await running.browser?.close();
    } finally {
      await running.server?.stop();
    }
    expect(running.policyViolations ?? []).toEqual([]);
  });
  return running;
}

export type Running = ReturnType<typeof serverAndBrowser>;

/** A new browser context signed in as the administrator, on the desktop's sales invoice where sign-in lands. */
export async function openSignedIn(running: Running, options: BrowserContextOptions = desktop) {
  const page = await (await running.browser.newContext(options)).newPage();
  await signIn(page, running.server.baseUrl);
  // The administrator lands on the dashboard; these tests work from the sales invoice.
  await page.waitForURL('**/analytics-dashboard');
  await page.goto(`${running.server.baseUrl}/folder/sales`);
  await page.waitForURL('**/folder/sales');
  return page;
}
