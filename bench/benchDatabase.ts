/** Where a bench keeps its database: `DATABASE_URL`, or the embedded PostgreSQL on a folder (a new one by default). */
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseOptions } from '../apps/server/src/db/client.ts';

export function benchDatabase(prefix: string, folder?: string): { options: DatabaseOptions; dataDir?: string } {
  const url = process.env.DATABASE_URL;
  if (url) return { options: { url } };
  const parent = mkdtempSync(join(tmpdir(), prefix));
  // As root the server runs as an unprivileged user, who must reach the folder.
  chmodSync(parent, 0o755);
  const dataDir = folder ?? join(parent, 'cluster');
  return { options: { dataDir }, dataDir: folder ?? parent };
}
