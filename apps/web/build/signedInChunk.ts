/**
 * The signed-in app in one file. Left to itself the bundler splits what the signed-in app and its home screen share
 * with the other screens into about 35 small chunks, because each is shared by a different set of screens. A phone
 * then fetches them six at a time over HTTP/1.1, a round trip each, before the sales screen can draw.
 *
 * This plugin bundles in two passes. The first, not written, shows which chunks the signed-in app and its home
 * screens load beyond what the sign-in page loads. The second puts the modules of those chunks in one chunk.
 * The screens themselves keep their own small chunks, so none is fetched before it is opened. The sign-in page's
 * modules stay out, so its load does not grow.
 */
import { build, type Plugin, type Rolldown } from 'vite';

/** What the signed-in app draws first: the app, its menu and the home screen of a desktop and of a phone. */
export const signedInRoots = [
  'src/app/SignedInApp.tsx',
  'src/features/shell/Menu.tsx',
  'src/features/invoices/InvoicePage.tsx',
  'src/features/invoices/MobilePages.tsx',
] as const;
const signInRoots = ['src/features/auth/LoginPage.tsx'] as const;

type Chunk = Pick<Rolldown.OutputChunk, 'fileName' | 'imports' | 'moduleIds' | 'facadeModuleId' | 'isEntry'>;

/** The modules that the signed-in roots load at once and the sign-in page does not, screens' own modules aside. */
export function signedInModules(chunks: readonly Chunk[], root: string): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const isRoot = (roots: readonly string[]) => (chunk: Chunk) =>
    roots.some((path) => chunk.facadeModuleId === `${root}/${path}`);
  const staticClosure = (from: Chunk[]) => {
    const seen = new Set<Chunk>();
    const visit = (chunk: Chunk | undefined) => {
      if (!chunk || seen.has(chunk)) return;
      seen.add(chunk);
      for (const file of chunk.imports) visit(byFile.get(file));
    };
    from.forEach(visit);
    return seen;
  };
  const signIn = staticClosure(chunks.filter((chunk) => chunk.isEntry || isRoot(signInRoots)(chunk)));
  const signedIn = staticClosure(chunks.filter(isRoot(signedInRoots)));
  if (signedIn.size === 0) throw new Error(`none of ${signedInRoots.join(', ')} is a chunk of its own`);
  // A lazy part's own module (a screen, the menu) keeps its chunk: the first-load budget and the check that no
  // screen is fetched at start find it there.
  const lazyParts = new Set(chunks.map((chunk) => chunk.facadeModuleId));
  return [...signedIn]
    .filter((chunk) => !signIn.has(chunk))
    .flatMap((chunk) => chunk.moduleIds)
    .filter((id) => !lazyParts.has(id));
}

// Set for the first pass, which loads this same configuration: it must not start a pass of its own.
const FIRST_PASS = 'MIZAN_SIGNED_IN_FIRST_PASS';

/**
 * True inside the first pass. It writes nothing, so plugins that work on the written files (the service worker's
 * precache list) must stay out of it: Workbox found no files there and failed every build into an empty folder.
 */
export const isSignedInFirstPass = () => Boolean(process.env[FIRST_PASS]);

export function signedInChunk(): Plugin {
  return {
    name: 'mizan-signed-in-chunk',
    apply: 'build',
    async config(config, { mode }) {
      if (isSignedInFirstPass()) return;
      const root = (config.root ?? process.cwd()).replace(/\/$/, '');
      process.env[FIRST_PASS] = '1';
      let output: Rolldown.RolldownOutput;
      try {
        const result = await build({ root, mode, logLevel: 'silent', build: { write: false } });
        output = (Array.isArray(result) ? result[0] : result) as Rolldown.RolldownOutput;
      } finally {
        delete process.env[FIRST_PASS];
      }
      const chunks = output.output.filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
      const members = new Set(signedInModules(chunks, root));
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: 'signed-in',
                    test: (id: string) => members.has(id),
                    // Only these modules: their own imports (React, the sign-in page's parts) stay where they are.
                    includeDependenciesRecursively: false,
                  },
                ],
              },
            },
          },
        },
      };
    },
  };
}
