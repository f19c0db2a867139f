import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { HostMessage } from './pgliteHost.ts';

export type EmbeddedDatabase = {
  connectionString: string;
  /** False while the database process is down or being started again. */
  isRunning: () => boolean;
  stop: () => Promise<void>;
};

const hostScript = fileURLToPath(new URL('./pgliteHost.ts', import.meta.url));
/** Waits between attempts to start the database process again after it died, growing to the last one. */
const RESTART_DELAYS_MS = [0, 500, 1000, 2000, 5000];

type StartedHost = { child: ChildProcess; host: string; port: number };

/** One database process on `dataDir`, listening on `port` (0: any free port). */
async function startHost(dataDir: string, port: number): Promise<StartedHost> {
  const child = fork(hostScript, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, MIZAN_PGLITE_DIR: dataDir, MIZAN_PGLITE_PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [message] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(() => [{ type: 'failed', message: 'the database process ended at start' }]),
  ])) as [HostMessage];
  if (message.type !== 'ready') {
    child.kill('SIGKILL');
    throw new Error(`Embedded database did not start: ${message.message}`);
  }
  return { child, host: message.host, port: message.port };
}

/**
 * Starts PGlite in a child process on `dataDir` (or in memory) and returns how to reach it. If the process dies
 * (killed, out of memory), it is started again on the same data folder and the same port, so the server's pool
 * reconnects on its own and requests succeed again within seconds; meanwhile `isRunning()` is false and health
 * answers 503. An in-memory database is not restarted: its data died with the process.
 */
export async function startEmbeddedDatabase(dataDir: string | undefined): Promise<EmbeddedDatabase> {
  const folder = dataDir ?? 'memory://';
  let current = await startHost(folder, 0);
  const { host, port } = current;
  let running = true;
  let stopping = false;

  const restart = async () => {
    for (let attempt = 0; !stopping; attempt++) {
      const delay = RESTART_DELAYS_MS[Math.min(attempt, RESTART_DELAYS_MS.length - 1)] ?? 0;
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (stopping) return;
      try {
        const started = await startHost(folder, port);
        if (stopping) {
          // The server began to stop while this process started: close it rather than leave it behind.
          started.child.send('close');
          return;
        }
        current = started;
        watch(current.child);
        running = true;
        process.stderr.write('The embedded database process is running again.\n');
        return;
      } catch (error) {
        process.stderr.write(`Starting the embedded database again failed (${String(error)}); retrying.\n`);
      }
    }
  };

  const watch = (child: ChildProcess) => {
    child.once('exit', (code, signal) => {
      if (stopping) return;
      running = false;
      process.stderr.write(`The embedded database process ended (${signal ?? `code ${code}`}).\n`);
      if (dataDir !== undefined) void restart();
    });
  };
  watch(current.child);

  return {
    connectionString: `postgres://postgres@${host}:${port}/postgres`,
    isRunning: () => running && !stopping,
    stop: async () => {
      stopping = true;
      const { child } = current;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.send('close');
      await exited;
    },
  };
}
