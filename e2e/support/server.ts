/**
 * Starts the real server (built web app, fresh embedded database with the demo) for one test file; a test may crash
 * it (SIGKILL, mid-request) and start it again on the same data folder and port.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Every server process this test process started and has not seen end: killed when it exits, however it exits. */
const started = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of started) child.kill('SIGKILL');
});

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  return typeof address === 'object' && address ? address.port : 0;
}

export type RunningServer = {
  baseUrl: string;
  stop: () => Promise<void>;
  /**
   * Kills the server at once (SIGKILL: no request in progress is answered, as in a crash or a pulled plug) and
   * waits until its embedded database process, which closes itself when its parent is gone, has ended.
   */
  crash: () => Promise<void>;
  /** Starts the server again on the same data folder and port (after `crash` or `stop`). */
  restart: () => Promise<void>;
};

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The ids of a process's children (the server's: its embedded database's postmaster; the postmaster's: its backends). */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((id) => id > 0);
  } catch {
    return []; // ps exits 1 when there are none
  }
}

function spawnServer(port: number, dataDir: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MIZAN_DEMO: 'bare',
      // A browser test that looks at backups asks for them; the others would make one at every stop.
      MIZAN_BACKUP_EVERY: process.env.MIZAN_BACKUP_EVERY ?? '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  started.add(child);
  child.once('exit', () => started.delete(child));
  return child;
}

async function waitUntilHealthy(child: ChildProcess, baseUrl: string) {
  // A machine shared with other test runs may need longer (E2E_START_SECONDS); the server is stopped if it is late,
  // never left running behind a failed file.
  const seconds = Number(process.env.E2E_START_SECONDS ?? 60);
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error('the server exited at start');
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the server did not start within ${seconds} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const hasEnded = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** The real server on a new data folder; `env` adds to its settings (MIZAN_BACKUP_EVERY for the backups' test). */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` (npm run test:e2e does it).');
  }
  const port = await freePort();
  const parent = mkdtempSync(join(tmpdir(), 'mizan-e2e-'));
  // As root the embedded PostgreSQL runs as an unprivileged user, who must reach its folder.
  chmodSync(parent, 0o755);
  const dataDir = join(parent, 'data');
  const baseUrl = `http://127.0.0.1:${port}`;
  let child = spawnServer(port, dataDir, env);
  await waitUntilHealthy(child, baseUrl);

  const stop = async () => {
    if (hasEnded(child)) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  };
  const crash = async () => {
    if (hasEnded(child)) return;
    // A power cut: the server and its database (PostgreSQL's postmaster and its backends) all die at once.
    const database = childrenOf(child.pid ?? 0).flatMap((pid) => [pid, ...childrenOf(pid)]);
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    for (const pid of database) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    await exited;
    // Starting again while the old database processes still hold the folder would fail to start.
    const deadline = Date.now() + 30_000;
    while (database.some(isAlive)) {
      if (Date.now() > deadline) {
        for (const pid of database.filter(isAlive)) process.kill(pid, 'SIGKILL');
        throw new Error('the embedded database did not end within 30 s of being killed');
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const restart = async () => {
    await stop();
    child = spawnServer(port, dataDir, env);
    await waitUntilHealthy(child, baseUrl);
  };
  return { baseUrl, stop, crash, restart };
}
