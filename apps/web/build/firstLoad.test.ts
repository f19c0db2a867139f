import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  budgets,
  describeFirstLoads,
  isOverBudget,
  measureFirstLoads,
  readManifest,
  screensLoadedAtStart,
  staticClosure,
} from './firstLoad.ts';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
// CI runs the tests on a clean clone before any build, so the test builds the app itself (1 to 2 s).
const outDir = mkdtempSync(join(tmpdir(), 'mizan-first-load-'));

beforeAll(() => {
  // In a process of its own, as `npm run build` runs it: inside the test runner (NODE_ENV=test) Vite would build
  // React's development files.
  const vite = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
  execFileSync(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'silent'], {
    cwd: webRoot,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
});
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('first load on a cheap phone', () => {
  it('the sign-in page and the sales screen stay within their JavaScript budgets (brotli, files)', () => {
    const loads = measureFirstLoads(outDir);
    const over = loads.filter(isOverBudget);
    expect(over, describeFirstLoads(loads)).toEqual([]);
  });

  it('the sign-in page is drawn without Ionic: none of its files defines a custom element', () => {
    const files = staticClosure(readManifest(outDir), budgets[0].modules);
    const withElements = files.filter((file) => readFileSync(join(outDir, file), 'utf8').includes('customElements'));
    expect(withElements).toEqual([]);
  });

  it('no screen is fetched before it is opened', () => {
    expect(screensLoadedAtStart(outDir)).toEqual([]);
  });
});
