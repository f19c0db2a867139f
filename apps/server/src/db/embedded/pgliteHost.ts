/**
 * Runs in a child process: hosts PGlite and serves it over a local socket in the PostgreSQL wire protocol.
 *
 * Why a child process: PGlite runs on the thread that calls it and holds that thread for the whole query.
 * In the server's own process a one-second report would freeze every other request (even static files).
 * Here it only holds this process; the server talks to it through `pg` like to any PostgreSQL server.
 */
import { mkdirSync } from 'node:fs';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { openPGlite } from './pglite.ts';

export type HostMessage = { type: 'ready'; host: string; port: number } | { type: 'failed'; message: string };

const dataDir = process.env.MIZAN_PGLITE_DIR ?? 'memory://';
/** 0 on the first start; after a crash the same port again, where the server's pool reconnects. */
const port = Number(process.env.MIZAN_PGLITE_PORT ?? 0);

async function main() {
  // PGlite does not create missing parent folders of its data directory.
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const db = await openPGlite(dataDir);
  // The server's pool holds one connection, but it drops that connection after a failed query and opens a new
  // one at once, before this side has seen the old one close: with room for only one, that new connection was
  // refused and the next request failed too. The socket server queues every connection's queries on the one
  // PGlite session and keeps a transaction to the connection that opened it.
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 4 });
  await server.start();
  const [host = '127.0.0.1', listening = '0'] = server.getServerConn().split(':');

  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    await server.stop();
    // Closing checkpoints the data folder: without it the last committed writes may be replayed or lost.
    await db.close();
    process.exit(0);
  };
  // Ctrl-C reaches the whole process group. The parent decides when the database closes (after its
  // in-flight requests are answered), so this process ignores the signals and waits for the word.
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => {});
  process.on('message', (message) => {
    if (message === 'close') void close();
  });
  // If the parent dies without a word, still close the database cleanly.
  process.on('disconnect', () => void close());
  process.send?.({ type: 'ready', host, port: Number(listening) } satisfies HostMessage);
}

main().catch((error: unknown) => {
  process.send?.({ type: 'failed', message: String(error) } satisfies HostMessage);
  process.exit(1);
});
