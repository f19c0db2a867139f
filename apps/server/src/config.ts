import { isIP } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export type TrustProxy = false | string[];

export type Config = {
  port: number;
  host: string;
  /** A PostgreSQL server; when absent, the embedded database under `dataDir` is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  /**
   * What an empty database starts with: `shop`, the demo company, stores and users with a year of a shop's documents
   * in store 1; `bare`, the same without documents (the browser tests start from it); `off`, nothing.
   */
  demo: 'shop' | 'bare' | 'off';
  webDist: string;
  /** The proxies whose X-Forwarded-For is believed: none, or their addresses and ranges. */
  trustProxy: TrustProxy;
  logLevel: string;
  /** Where the server's automatic backups go: `backups/` beside the data folder unless `MIZAN_BACKUP_DIR` says. */
  backupDir: string;
  /** Minutes between automatic backups (`MIZAN_BACKUP_EVERY`, default 60; 0: only at a clean stop). */
  backupEvery: number;
};

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export function readConfig(env: NodeJS.ProcessEnv): Config {
  const dataDir = env.DATA_DIR ?? `${repoRoot}data`;
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    demo: env.MIZAN_DEMO === '0' ? 'off' : env.MIZAN_DEMO === 'bare' ? 'bare' : 'shop',
    webDist: env.WEB_DIST ?? `${repoRoot}apps/web/dist`,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? 'info',
    backupDir: env.MIZAN_BACKUP_DIR ?? join(dirname(resolve(dataDir)), 'backups'),
    backupEvery: parseBackupEvery(env.MIZAN_BACKUP_EVERY),
  };
}

/** Address groups the proxy-addr library knows by name. */
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (namedRanges.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * `TRUST_PROXY`: unset or 0 trusts no proxy (X-Forwarded-For is ignored, the socket's address counts); otherwise the
 * proxies' addresses or ranges, separated by commas (`loopback` for a proxy on the same machine).
 * A count of hops is refused, as Fastify refuses it: it cannot tell the proxy from a phone on the shop's network
 * that connects directly and writes its own X-Forwarded-For. "Trust everyone" is refused for the same reason.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0') return false;
  const entries = text.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (wrong.length > 0) {
    throw new Error(
      `TRUST_PROXY names the reverse proxies by address or range, separated by commas (127.0.0.1, 10.0.0.0/8, loopback); not: ${wrong.join(', ')}`,
    );
  }
  return entries;
}

/** Minutes, fractions allowed (the browser tests back up every few seconds); 0 turns the schedule off. */
export function parseBackupEvery(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 60;
  const minutes = Number(value);
  if (!Number.isFinite(minutes) || minutes < 0) {
    throw new Error(`MIZAN_BACKUP_EVERY is the minutes between backups (60, 0 for none); not: ${value}`);
  }
  return minutes;
}
