import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { describeFirstLoads, measureFirstLoads } from './build/firstLoad.ts';
import { isSignedInFirstPass, signedInChunk } from './build/signedInChunk.ts';

/** Writes .br and .gz beside every text asset, so the server sends them pre-compressed (no work per request). */
function precompress(): Plugin {
  let outDir = '';
  let written = true;
  return {
    name: 'mizan-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      written = config.build.write;
    },
    closeBundle() {
      if (!written) return;
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|webmanifest|txt)$/.test(file)) continue;
        const bytes = readFileSync(file);
        if (bytes.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/**
 * @ionic/react imports and defines, as it loads, the elements of its overlays, items, cards and icons (and of the
 * tabs, back button and nav, which we do not use), so all their code was in the first load. Those imports become
 * no-ops here; the screens that use one define its element (src/ui/ionic/defineOnRender.ts).
 */
function deferIonicElements(): Plugin {
  const defines =
    /import \{ defineCustomElement as (defineCustomElement\$\w+) \} from '(@ionic\/core\/components\/ion-(alert|toast|loading|modal|popover|tabs|tab-bar|tab-button|back-button|nav)|ionicons\/components\/ion-icon)\.js';/g;
  const routingElements =
    /import \{ Ion(Item|Card) as (Ion\w+\$1) \} from '@ionic\/core\/components\/ion-(item|card)\.js';/g;
  return {
    name: 'mizan-defer-ionic-elements',
    transform(code, id) {
      if (!/[\\/]@ionic[\\/]react[\\/]dist[\\/]index\.js$/.test(id)) return;
      let deferred = 0;
      const changed = code
        .replace(defines, (_, name) => {
          deferred++;
          return `const ${name} = () => {};`;
        })
        .replace(routingElements, (_, _kind, name) => {
          deferred++;
          return `const ${name} = undefined;`;
        });
      if (deferred !== 13)
        throw new Error('@ionic/react changed how it imports its elements: review deferIonicElements');
      return { code: changed, map: null };
    },
  };
}

/** Prints what the sign-in page and the sales screen fetch before they draw (the budget test holds them to it). */
function firstLoadReport(): Plugin {
  let outDir = '';
  let log: (message: string) => void = () => {};
  let written = true;
  return {
    name: 'mizan-first-load',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      log = (message) => config.logger.info(message);
      written = config.build.write;
    },
    closeBundle() {
      if (written) log(describeFirstLoads(measureFirstLoads(outDir)));
    },
  };
}

/**
 * The service worker (Workbox's generateSW, docs/offline.md): the app shell precached (every script, style, font and
 * icon of the build, and index.html for every page address), so the POS opens without the network. The API is never
 * cached: money and stock figures come from the server or, for the POS offline, from the device's own copy.
 * Registered by main.tsx 30 s after start; the web manifest is public/manifest.webmanifest.
 */
const serviceWorker = () =>
  VitePWA({
    injectRegister: false,
    manifest: false,
    disable: isSignedInFirstPass(),
    strategies: 'generateSW',
    filename: 'sw.js',
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/api(23)?\//],
      inlineWorkboxRuntime: true,
      cleanupOutdatedCaches: true,
      // The first install controls the open tabs at once; a new version waits until they are closed (a till's
      // open sale never changes code under it).
      clientsClaim: true,
    },
  });

export default defineConfig({
  plugins: [react(), deferIonicElements(), signedInChunk(), serviceWorker(), precompress(), firstLoadReport()],
  server: {
    proxy: { '/api': 'http://localhost:8080', '/api23': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The first-load budget reads which chunks each screen loads from it (build/firstLoad.ts).
    manifest: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      treeshake: {
        // Ionic's component modules declare side effects they do not have; without this every component ships
        // in the first load (342 kB gzip instead of about 200 kB, measured on this stack).
        // Our own component modules (src/ui/ionic) only define components too, so a screen gets only the ones it uses.
        moduleSideEffects: (id: string) =>
          id.endsWith('.css') ||
          !(/[\\/]node_modules[\\/](@ionic|ionicons|@stencil)[\\/]/.test(id) || /[\\/]src[\\/]ui[\\/]ionic/.test(id)),
      },
    },
  },
});
