/**
 * The zip inside an .xlsx, read by its central directory, and checked by what its entries really unpack to.
 *
 * A zip states each entry's unpacked size, and a hostile one lies: entries stating 1,000 bytes that inflate to a
 * 400 MiB shared string. So the sizes are counted while inflating (the output is counted and dropped, never held),
 * and an entry is refused as soon as it passes what it stated or its own bound. What exceljs then reads is a new zip
 * made of only the entries it needs, with their original packed bytes and their counted sizes: the reader inflates
 * exactly the bytes that were counted, whatever the file's local headers or other entries say.
 */
import { crc32, createInflateRaw } from 'node:zlib';
import type { FieldError } from '@mizan/contract';

export type ZipEntry = {
  name: string;
  /** 0 stored, 8 deflated: the only methods of an .xlsx. */
  method: number;
  flags: number;
  crc: number;
  /** What the central directory states the entry unpacks to. */
  statedSize: number;
  packed: Buffer;
};

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** A zip64 field: sizes past 4 GB, which no sheet within the bounds needs. */
const ZIP64 = 0xffffffff;
/** Bit 3: sizes in a data descriptor after the data. The repacked zip states them in its headers instead. */
const DATA_DESCRIPTOR_FLAG = 0x0008;

export type ZipRefusal = Extract<FieldError, 'FILE_NOT_A_SHEET' | 'FILE_UNPACKS_TOO_LARGE'>;
type ZipResult<T> = { ok: true; value: T } | { ok: false; refusal: ZipRefusal };
const refuse = (refusal: ZipRefusal) => ({ ok: false, refusal }) as const;

/** The entries the central directory lists, each with its packed bytes found through its local header. */
export function zipEntries(bytes: Buffer): ZipResult<ZipEntry[]> {
  // The end record is 22 bytes plus a comment of at most 65,535; search back from the end.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (bytes.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) return refuse('FILE_NOT_A_SHEET');
  const count = bytes.readUInt16LE(end + 10);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || directoryOffset === ZIP64) return refuse('FILE_UNPACKS_TOO_LARGE');
  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  for (let entry = 0; entry < count; entry++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL_DIRECTORY_ENTRY) return refuse('FILE_NOT_A_SHEET');
    const packedSize = bytes.readUInt32LE(at + 20);
    const statedSize = bytes.readUInt32LE(at + 24);
    if (statedSize === ZIP64 || packedSize === ZIP64) return refuse('FILE_UNPACKS_TOO_LARGE');
    const nameLength = bytes.readUInt16LE(at + 28);
    const local = bytes.readUInt32LE(at + 42);
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== LOCAL_HEADER) return refuse('FILE_NOT_A_SHEET');
    const dataStart = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    if (dataStart + packedSize > bytes.length) return refuse('FILE_NOT_A_SHEET');
    entries.push({
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
      method: bytes.readUInt16LE(at + 10),
      flags: bytes.readUInt16LE(at + 8),
      crc: bytes.readUInt32LE(at + 16),
      statedSize,
      packed: bytes.subarray(dataStart, dataStart + packedSize),
    });
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return { ok: true, value: entries };
}

/**
 * How many bytes the entry really unpacks to, inflating it and dropping the output as it comes; `'over'` as soon as
 * that passes `limit` (inflating stops there), `'corrupt'` when the entry is not deflate data.
 */
export function countUnpacked(entry: ZipEntry, limit: number): Promise<number | 'over' | 'corrupt'> {
  if (entry.method === 0) return Promise.resolve(entry.packed.length <= limit ? entry.packed.length : 'over');
  if (entry.method !== 8) return Promise.resolve('corrupt');
  return new Promise((resolve) => {
    const inflate = createInflateRaw();
    let size = 0;
    let settled = false;
    const settle = (answer: number | 'over' | 'corrupt') => {
      if (settled) return;
      settled = true;
      inflate.destroy();
      resolve(answer);
    };
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) settle('over');
    });
    inflate.on('end', () => settle(size));
    inflate.on('error', () => settle('corrupt'));
    inflate.end(entry.packed);
  });
}

/** A zip of the given entries, each stated with its (counted) size. */
export function packZip(entries: (ZipEntry & { size: number })[]): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const flags = entry.flags & ~DATA_DESCRIPTOR_FLAG;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.packed.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL_DIRECTORY_ENTRY, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.packed.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, name, entry.packed);
    directory.push(central, name);
    offset += 30 + name.length + entry.packed.length;
  }
  const directorySize = directory.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...directory, end]);
}

export type UnpackBounds = { total: number; entry: (name: string) => number };

/**
 * The entries the sheet reader needs (`wanted`: their names, in the order the reader is to meet them), counted while
 * inflating against what they state, their own bound and the total, and packed again for the reader in that order,
 * with the `added` entries (stored) where `wanted` names a part the file lacks; or why the file is refused. An entry
 * that unpacks to more than it states is a lie, refused like a file too large, at once.
 */
export async function verifiedZip(
  bytes: Buffer,
  wanted: (names: string[]) => string[],
  bounds: UnpackBounds,
  added: Record<string, Buffer> = {},
): Promise<ZipResult<Buffer>> {
  const listed = zipEntries(bytes);
  if (!listed.ok) return listed;
  const byName = new Map(listed.value.map((entry) => [entry.name, entry]));
  const kept: (ZipEntry & { size: number })[] = [];
  let total = 0;
  for (const name of wanted(listed.value.map((entry) => entry.name))) {
    const entry = byName.get(name);
    const content = added[name];
    if (!entry) {
      if (content) kept.push(storedEntry(name, content));
      continue;
    }
    if (entry.method !== 0 && entry.method !== 8) return refuse('FILE_NOT_A_SHEET');
    const limit = Math.min(entry.statedSize, bounds.entry(entry.name), bounds.total - total);
    const size = await countUnpacked(entry, limit);
    if (size === 'corrupt') return refuse('FILE_NOT_A_SHEET');
    if (size === 'over') return refuse('FILE_UNPACKS_TOO_LARGE');
    total += size;
    kept.push({ ...entry, size });
  }
  return { ok: true, value: packZip(kept) };
}

/** An entry stored as it is (method 0), for a part the reader needs and the file lacks. */
function storedEntry(name: string, content: Buffer): ZipEntry & { size: number } {
  return {
    name,
    method: 0,
    flags: 0,
    crc: crc32(content),
    statedSize: content.length,
    packed: content,
    size: content.length,
  };
}
