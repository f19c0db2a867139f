/** Starts the real server (built web app, fresh embedded database with the demo) for one test file. */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  return typeof address === 'object' && address ? address.port : 0;
}

export type RunningServer = { baseUrl: string; stop: () => Promise<void> };

export async function startServer(): Promise<RunningServer> {
  if (!existsSync(join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` (npm run test:e2e does it).');
  }
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(mkdtempSync(join(tmpdir(), 'mizan-e2e-')), 'data'),
      MIZAN_DEMO: 'bare',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // A machine shared with other test runs may need longer (E2E_START_SECONDS); the server is stopped if it is late,
  // never left running behind a failed file.
  const seconds = Number(process.env.E2E_START_SECONDS ?? 60);
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited at start');
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the server did not start within ${seconds} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
