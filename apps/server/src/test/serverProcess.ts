/** The server as a user starts it, for the tests that need a real process: start, sign in, stop, kill. */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/server, where `src/main.ts` runs from. */
export const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const running: ChildProcess[] = [];

export async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  return typeof address === 'object' && address ? address.port : 0;
}

/** Starts `src/main.ts` and waits for its start-up line (`ready`: the line's text). */
export async function startServer(env: Record<string, string>, ready = 'http://localhost:') {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    // No automatic backups unless a test asks (MIZAN_BACKUP_EVERY): each would add a backup at every stop.
    env: {
      ...process.env,
      MIZAN_BACKUP_EVERY: '0',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  running.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  const deadline = Date.now() + 60_000;
  while (!output.includes(ready)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, base: `http://127.0.0.1:${port}`, output: () => output };
}

/** Signs in over real HTTP the way the web app does: GET for the anti-forgery cookie, then POST. */
export async function signIn(base: string, user_name: string, password: string) {
  const first = await fetch(`${base}/api/store/read`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1] ?? '';
  return fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}` },
    body: JSON.stringify({ user_name, password, store_id: 1, level: 'user' }),
  });
}

export async function stop(child: ChildProcess, signal: NodeJS.Signals) {
  const exited = once(child, 'exit');
  child.kill(signal);
  const [code] = await exited;
  return code as number | null;
}

/** A new folder for a server's data, which the database's own user can reach when the tests run as root. */
export function dataFolder() {
  const folder = mkdtempSync(join(tmpdir(), 'mizan-data-'));
  chmodSync(folder, 0o755);
  return folder;
}

/** Kills (SIGKILL) every server a test started and left running. */
export function killServers() {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
}

/** A signed-in browser over real HTTP: its cookies and anti-forgery token, which survive a restart of the server. */
export async function httpSession(base: string, user_name = 'admin', password = 'admin123') {
  const signedIn = await signIn(base, user_name, password);
  if (signedIn.status !== 200) throw new Error(`sign-in refused: ${signedIn.status}`);
  const cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '';
  const headers = { cookie, 'x-xsrf-token': xsrf, 'content-type': 'application/json' };
  return {
    headers,
    post: (url: string, body: unknown, at = base) =>
      fetch(`${at}${url}`, { method: 'POST', headers, body: JSON.stringify(body) }),
    get: (url: string, at = base) => fetch(`${at}${url}`, { headers }),
  };
}

/** Every process under `pid` (the server's database: PostgreSQL's postmaster and its backends). */
export function descendantsOf(pid: number): number[] {
  const listed = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).stdout;
  const children = listed
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((id) => id > 0);
  return children.flatMap((child) => [child, ...descendantsOf(child)]);
}

/** A power cut: the server and everything it started die at once (SIGKILL), and are gone when this returns. */
export async function killEverything(child: ChildProcess) {
  const all = [...descendantsOf(child.pid ?? 0)];
  const exited = child.exitCode === null ? once(child, 'exit') : Promise.resolve();
  child.kill('SIGKILL');
  for (const pid of all) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await exited;
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const deadline = Date.now() + 30_000;
  while (all.some(alive)) {
    if (Date.now() > deadline) throw new Error('processes outlived SIGKILL for 30 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
