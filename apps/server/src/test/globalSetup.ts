/**
 * Once per test run: the database server the API tests use and a template database migrated once, which every
 * test file clones (`createTestDatabase` in testApp.ts) instead of migrating its own. The server is the embedded
 * PostgreSQL on a scratch folder, or the PostgreSQL server of TEST_DATABASE_URL (CI runs the suite on both).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { type EmbeddedServer, startEmbeddedPostgres } from '../db/embedded/embeddedPostgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's server, at its maintenance database: where test databases are created and dropped. */
    testServer: string;
    /** The migrated database each test file's database is cloned from. */
    testTemplate: string;
  }
}

export function databaseUrl(serverUrl: string, database: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export default async function setup(project: TestProject) {
  let embedded: EmbeddedServer | undefined;
  let folder: string | undefined;
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    folder = mkdtempSync(join(tmpdir(), 'mizan-test-server-'));
    // As root the server runs as an unprivileged user, who must reach its folder.
    chmodSync(folder, 0o755);
    // The scratch server's data is thrown away: no fsync, so the suite does not wait on the disk.
    embedded = await startEmbeddedPostgres({ dataDir: join(folder, 'cluster'), durable: false, log: () => {} });
    serverUrl = embedded.adminConnectionString;
  }
  const template = `mizan_template_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const migrated = await openDatabase({ url: databaseUrl(serverUrl, template) });
  await migrated.close();
  project.provide('testServer', serverUrl);
  project.provide('testTemplate', template);

  return async () => {
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
    await embedded?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  };
}
