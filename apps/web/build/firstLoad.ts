/**
 * The first-load budget: how much JavaScript a cashier's phone fetches before a screen can draw, counted from
 * the Vite manifest of a build as the brotli files the server sends (the same quality as the build writes them).
 * A screen costs the entry and its static imports plus the screen's own chunk and its static imports; the chunks
 * it loads later (a modal, the print page) do not count.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean; isDynamicEntry?: boolean };
export type Manifest = Record<string, ManifestChunk>;

/**
 * The screens we hold to a budget: the modules they load before they draw, the most they may weigh (bytes), and
 * the most files they may take (a phone fetches six at a time over HTTP/1.1, a round trip each).
 */
export const budgets = [
  // The goal is 150 kB; the page is drawn without Ionic and weighs about 76 kB, so it is held there.
  { screen: 'sign-in page', modules: ['index.html', 'src/features/auth/LoginPage.tsx'], limit: 90_000, maxFiles: 8 },
  {
    screen: 'sales screen (folder/sales, signed in)',
    modules: [
      'index.html',
      'src/app/SignedInApp.tsx',
      'src/features/shell/Menu.tsx',
      'src/features/invoices/InvoicePage.tsx',
    ],
    limit: 190_000,
    // The signed-in app comes as one file (build/signedInChunk.ts); left to the bundler it was 37.
    maxFiles: 12,
  },
] as const;

export function readManifest(outDir: string): Manifest {
  return JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'));
}

/** The JS files a module loads at once: its own chunk and, transitively, every chunk it imports statically. */
export function staticClosure(manifest: Manifest, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...seen].map((key) => manifest[key]?.file ?? key);
}

const brotliSize = (bytes: Buffer) =>
  brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

export type FirstLoad = { screen: string; limit: number; maxFiles: number; brotli: number; files: string[] };

export function measureFirstLoads(outDir: string): FirstLoad[] {
  const manifest = readManifest(outDir);
  return budgets.map(({ screen, modules, limit, maxFiles }) => {
    const files = staticClosure(manifest, modules);
    const brotli = files.reduce((sum, file) => sum + brotliSize(readFileSync(join(outDir, file))), 0);
    return { screen, limit, maxFiles, brotli, files };
  });
}

export const isOverBudget = ({ brotli, limit, files, maxFiles }: FirstLoad) =>
  brotli > limit || files.length > maxFiles;

/**
 * Lazy chunks the entry would fetch at start: a screen (a dynamic entry) reached from the entry's static imports
 * is downloaded before anyone opens it.
 */
export function screensLoadedAtStart(outDir: string): string[] {
  const manifest = readManifest(outDir);
  const atStart = new Set(staticClosure(manifest, ['index.html']));
  return Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry && atStart.has(chunk.file))
    .map(([key]) => key);
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export function describeFirstLoads(loads: FirstLoad[]): string {
  return loads
    .map(
      (load) =>
        `first load of the ${load.screen}: ${kB(load.brotli)} brotli JS in ${load.files.length} files ` +
        `(budget ${kB(load.limit)} in ${load.maxFiles})${isOverBudget(load) ? '  OVER BUDGET' : ''}`,
    )
    .join('\n');
}
