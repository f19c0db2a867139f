import { fileURLToPath } from 'node:url';

export type Config = {
  port: number;
  host: string;
  /** A PostgreSQL server; when absent, the embedded database under `dataDir` is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Load the demo company, stores and users into an empty database. */
  demo: boolean;
  webDist: string;
  trustProxy: boolean;
  logLevel: string;
};

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export function readConfig(env: NodeJS.ProcessEnv): Config {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? `${repoRoot}data`,
    demo: env.MIZAN_DEMO !== '0',
    webDist: env.WEB_DIST ?? `${repoRoot}apps/web/dist`,
    trustProxy: env.TRUST_PROXY === '1',
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
