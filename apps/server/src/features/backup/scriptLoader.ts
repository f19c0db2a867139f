/**
 * Loads a backup script (gzipped or plain) into a database as `psql` would, streaming: its SQL runs as statements,
 * its COPY blocks feed `COPY ... FROM STDIN` line by line, so a file of millions of rows is never held in memory. All
 * of it runs in one transaction, which commits only when the loaded figures equal the header's: a damaged or partial
 * file leaves the database as it was.
 */
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { copyLine, type ScriptHeader, scriptFormat, scriptMarkers } from './backupScript.ts';
import { type BookFigures, compareBookFigures, readBookFigures } from './bookFigures.ts';

/** The loaded rows are not the backup's: the differences say where. Nothing was committed. */
export class FiguresMismatchError extends Error {
  constructor(
    readonly differences: string[],
    readonly figures: BookFigures,
  ) {
    super(`the restored database differs from the backup:\n  ${differences.slice(0, 20).join('\n  ')}`);
  }
}

/** Loads the script into the (empty) database and answers its figures, equal to the header's. */
export async function loadScript(file: string, connectionString: string): Promise<BookFigures> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  // A server error while no query is running (the connection dropped) must fail the load, not the process.
  client.on('error', () => {});
  try {
    await client.query('BEGIN');
    const header = await runScript(client, await openScript(file));
    // Deferred triggers and checks would run at the commit, after the comparison: run them before it.
    await client.query('SET CONSTRAINTS ALL IMMEDIATE');
    const figures = await readBookFigures(client);
    const differences = compareBookFigures(header.figures, figures);
    if (differences.length > 0) throw new FiguresMismatchError(differences, figures);
    await client.query('COMMIT');
    return figures;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    // zlib's own words ("unexpected end of file") do not say it is the backup that is damaged.
    if ((error as { code?: string }).code?.startsWith('Z_')) {
      throw new Error(`the backup file is damaged or cut short (gzip: ${(error as Error).message})`);
    }
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Reads only the header: what a file is, before anything is changed for it. */
export async function readScriptHeader(file: string): Promise<ScriptHeader> {
  const header: Partial<ScriptHeader> = {};
  const input = await openScript(file);
  try {
    for await (const raw of readLines(input)) {
      const line = raw.toString('utf8');
      if (!line.startsWith('-- ')) break;
      readHeaderLine(line, header);
      if (header.figures) break;
    }
  } finally {
    input.destroy();
  }
  return checkedHeader(header);
}

async function openScript(file: string): Promise<Readable> {
  const handle = await open(file, 'r');
  const magic = Buffer.alloc(2);
  await handle.read(magic, 0, 2, 0);
  await handle.close();
  const source = createReadStream(file);
  if (magic[0] !== 0x1f || magic[1] !== 0x8b) return source;
  const gunzip = createGunzip();
  source.on('error', (error) => gunzip.destroy(error));
  gunzip.on('close', () => source.destroy());
  return source.pipe(gunzip);
}

function readHeaderLine(line: string, header: Partial<ScriptHeader>) {
  const field = /^-- (format|created_at|server_version|figures): (.*)$/.exec(line);
  if (!field) return;
  const [, name, value = ''] = field;
  if (name === 'format') header.format = value;
  if (name === 'created_at') header.createdAt = value;
  if (name === 'server_version') header.serverVersion = value;
  if (name === 'figures') header.figures = JSON.parse(value) as BookFigures;
}

function checkedHeader(header: Partial<ScriptHeader>): ScriptHeader {
  if (header.format !== scriptFormat) {
    throw new Error(
      header.format
        ? `the file is a backup of format "${header.format}", which this version of Mizan does not read`
        : 'the file is not a Mizan backup (its first lines say no format)',
    );
  }
  if (!header.figures || !header.createdAt) throw new Error('the backup file has no figures in its header');
  return header as ScriptHeader;
}

/**
 * Runs the script's statements on the client, inside the transaction the caller began: the script's own `BEGIN;`
 * and `COMMIT;` (for psql) are left out. Throws unless the file ends with its end marker.
 */
async function runScript(client: pg.ClientBase, input: Readable): Promise<ScriptHeader> {
  const header: Partial<ScriptHeader> = {};
  let section = 'header' as 'header' | 'preamble' | keyof typeof scriptMarkers;
  let statements: string[] = [];
  const runStatements = async () => {
    if (statements.length > 0) await client.query(statements.join('\n'));
    statements = [];
  };
  const lines = readLines(input);
  for await (const raw of lines) {
    const line = raw.toString('utf8');
    if (section === 'header') {
      if (line.startsWith('-- ')) {
        readHeaderLine(line, header);
        continue;
      }
      checkedHeader(header);
      section = 'preamble';
    }
    const marker = Object.entries(scriptMarkers).find(([, text]) => text === line)?.[0];
    if (marker) {
      await runStatements();
      section = marker as keyof typeof scriptMarkers;
      continue;
    }
    if (section === 'end') {
      if (line === 'COMMIT;' || line === '') continue;
      throw new Error(`the backup file goes on after its end: "${line.slice(0, 80)}"`);
    }
    if (section === 'preamble' && line === 'BEGIN;') continue;
    if (section === 'data' && copyLine.test(line)) {
      await runStatements();
      await copyRows(client, line.slice(0, -1), lines);
      continue;
    }
    statements.push(line);
  }
  if (section !== 'end') throw new Error('the backup file is incomplete: it ends before its end marker');
  return checkedHeader(header);
}

/** Feeds a COPY block's lines, up to its `\.`, to `COPY ... FROM STDIN`, in batches of about 64 kB. */
async function copyRows(client: pg.ClientBase, copyStatement: string, lines: AsyncGenerator<Buffer>) {
  const copy = client.query(copyFrom(copyStatement));
  const done = finished(copy);
  done.catch(() => {});
  let batch: Buffer[] = [];
  let size = 0;
  const flush = async () => {
    if (batch.length > 0) await write(copy, Buffer.concat(batch), done);
    batch = [];
    size = 0;
  };
  try {
    for (;;) {
      const next = await lines.next();
      if (next.done) throw new Error('the backup file is incomplete: it ends inside a table');
      if (next.value.length === 2 && next.value[0] === 0x5c && next.value[1] === 0x2e) break; // \.
      batch.push(next.value, newline);
      size += next.value.length + 1;
      if (size >= 65_536) await flush();
    }
    await flush();
  } catch (error) {
    // A file that cannot be read on (cut short, not gzip) must end the COPY, or the connection waits for rows forever.
    copy.destroy(error instanceof Error ? error : new Error(String(error)));
    await done.catch(() => {});
    throw error;
  }
  copy.end();
  await done;
}

const newline = Buffer.from('\n');

/** Waits for room in the stream, or fails with its error (a row the server refused). */
async function write(stream: Writable, data: Buffer, done: Promise<void>) {
  if (stream.errored) throw stream.errored;
  if (!stream.write(data)) await Promise.race([once(stream, 'drain'), done]);
}

/** The lines of a stream as bytes, without their newline: COPY rows pass through exactly as they were written. */
async function* readLines(input: Readable): AsyncGenerator<Buffer> {
  let rest: Buffer = Buffer.alloc(0);
  for await (const chunk of input as AsyncIterable<Buffer>) {
    let data = rest.length > 0 ? Buffer.concat([rest, chunk]) : chunk;
    let start = 0;
    for (let end = data.indexOf(10); end !== -1; end = data.indexOf(10, start)) {
      yield data.subarray(start, end);
      start = end + 1;
    }
    data = data.subarray(start);
    rest = Buffer.from(data);
  }
  if (rest.length > 0) yield rest;
}
