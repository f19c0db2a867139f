import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { HostMessage } from './pgliteHost.ts';

export type EmbeddedDatabase = { connectionString: string; stop: () => Promise<void> };

const hostScript = fileURLToPath(new URL('./pgliteHost.ts', import.meta.url));

/** Starts PGlite in a child process on `dataDir` (or in memory) and returns how to reach it. */
export async function startEmbeddedDatabase(dataDir: string | undefined): Promise<EmbeddedDatabase> {
  const child = fork(hostScript, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, MIZAN_PGLITE_DIR: dataDir ?? 'memory://' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [message] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(() => [{ type: 'failed', message: 'the database process ended at start' }]),
  ])) as [HostMessage];
  if (message.type !== 'ready') throw new Error(`Embedded database did not start: ${message.message}`);

  return {
    connectionString: `postgres://postgres@${message.host}:${message.port}/postgres`,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.send('close');
      await exited;
    },
  };
}
