/**
 * The legacy two-call save, for clients that still send a header (`pay/create`, `payinit/create`, ...) and then
 * its lines (`pay_details/createMulti`), or delete the lines (`pay_details/deleteMultiServices`) before sending
 * new ones. Each call is one transaction through the same `saveDocument` as the one-call save, so totals, the
 * stock check, posting and the log are the same; in between, the document is a value-only header.
 *
 * A legacy client names the document by `pay_ref`: the reference the server answered, or (offline sync) one
 * it made up. A made-up reference is kept as the document's idempotency key, so its lines still find it and
 * sending the same header again creates nothing new.
 */
import { fail, type HeaderOnlyBody, type KindToken, type LegacyLine, ok, type SessionUser } from '@mizan/contract';
import { and, eq, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { tradeDocument } from '../../db/schema.ts';
import { writeInChunks } from '../../lib/chunkedBatch.ts';
import { inTransaction } from '../../lib/transaction.ts';
import type { SaveResult } from '../book/savePipeline.ts';
import { lockStockItems } from '../stock/stockCheck.ts';
import { lockDocument, readDocument, type SavedDocument } from './trade.queries.ts';
import { deleteDocument, headerOf, linesOf, saveDocument } from './trade.service.ts';

type Saved = SaveResult<SavedDocument[]>;

const clientKey = (kind: KindToken, yearId: number, ref: string) => `legacy-ref:${kind}:${yearId}:${ref}`;

/**
 * The document a legacy client means by `ref` in the year it names: by the server's reference, else by the
 * client's own. Never one of another year, even though a server reference is unique across years.
 */
async function findByReference(tx: DbOrTx, user: SessionUser, kind: KindToken, ref: string, yearId: number) {
  const [row] = await tx
    .select({ pay_id: tradeDocument.pay_id })
    .from(tradeDocument)
    .where(
      and(
        eq(tradeDocument.store_id, user.store_id),
        eq(tradeDocument.kind, kind),
        eq(tradeDocument.yearId, yearId),
        or(eq(tradeDocument.pay_ref, ref), eq(tradeDocument.idempotency_key, clientKey(kind, yearId, ref))),
      ),
    )
    .limit(1);
  return row ? readDocument(tx, user.store_id, kind, row.pay_id) : undefined;
}

/**
 * Saves a header: a new document (value-only until lines arrive), or an edit of one. An edited header keeps the
 * document's lines, and its total is then computed from them, never taken from the client. The header's `yearId`
 * is the one its route resolved.
 */
export async function saveHeader(
  db: DbOrTx,
  user: SessionUser,
  kind: KindToken,
  header: HeaderOnlyBody,
  payId?: number,
): Promise<Saved> {
  if (payId === undefined) {
    const key = headerKey(kind, header);
    const saved = await saveDocument(db, user, {
      kind,
      header,
      lines: undefined,
      idempotencyKey: key,
      awaitingLines: !header.value_only,
    });
    return saved.ok ? ok([saved.value]) : saved;
  }
  // The lines kept are read under the document's lock, in the transaction that saves it.
  return inTransaction(db, async (tx): Promise<Saved> => {
    if (!(await lockDocument(tx, user.store_id, kind, payId))) return fail('NOT_FOUND');
    const existing = await readDocument(tx, user.store_id, kind, payId);
    if (!existing) return fail('NOT_FOUND');
    const lines = existing.value_only ? undefined : linesOf(existing);
    // A header still awaiting its lines keeps waiting, unless the client now says it is a value-only invoice.
    const awaitingLines = existing.awaiting_lines && !header.value_only;
    const edited = await saveDocument(tx, user, { kind, header, lines, payId, allowReshape: true, awaitingLines });
    return edited.ok ? ok([edited.value]) : edited;
  });
}

/** The key under which a new header is saved (the client's own, or its made-up reference in its year). */
const headerKey = (kind: KindToken, header: HeaderOnlyBody) =>
  header.idempotency_key ??
  (header.pay_ref && header.yearId !== undefined ? clientKey(kind, header.yearId, header.pay_ref) : undefined);

/** Whether a document was already saved under this key (a header sent again): a refused batch leaves it be. */
async function savedBefore(db: DbOrTx, user: SessionUser, key: string | undefined) {
  if (!key) return false;
  const [row] = await db
    .select({ pay_id: tradeDocument.pay_id })
    .from(tradeDocument)
    .where(and(eq(tradeDocument.store_id, user.store_id), eq(tradeDocument.idempotency_key, key)))
    .limit(1);
  return row !== undefined;
}

/**
 * Offline sync (`pay/createMulti`): several headers, all saved or none. Each header is a document that may post
 * (a value-only invoice charges its party), so each goes through the one save as a single header does, in its own
 * short transaction, so that a batch of 1,000 never holds the embedded database while others wait
 * (docs/legacy-batches.md). A header refused after others were saved has those deleted again through the same
 * pipeline's delete, newest first (stock and ledger follow), except documents a header sent again only found.
 */
export async function saveHeaders(db: Db, user: SessionUser, kind: KindToken, headers: HeaderOnlyBody[]) {
  type Written = { document: SavedDocument; created: boolean };
  const written = await writeInChunks<HeaderOnlyBody, Written>(
    headers,
    async ([header]) => {
      if (!header) return ok([]);
      const existed = await savedBefore(db, user, headerKey(kind, header));
      const saved = await saveHeader(db, user, kind, header);
      return saved.ok ? ok(saved.value.map((document) => ({ document, created: !existed }))) : saved;
    },
    async (saved) => {
      // Each delete is logged as a user's delete is. One refused (a return made on it meanwhile) is not forced:
      // the batch then answers the error, naming what it left.
      const kept: number[] = [];
      for (const { document } of saved.filter((row) => row.created).reverse()) {
        const deleted = await deleteDocument(db, user, kind, document.pay_id);
        if (!deleted.ok) kept.push(document.pay_id);
      }
      if (kept.length) throw new Error(`a refused ${kind} batch could not take back documents ${kept.join(', ')}`);
    },
    1,
  );
  return written.ok ? ok(written.value.map((row) => row.document)) : written;
}

/**
 * Adds lines to their documents (`*_details/createMulti`), all or none. Each document is saved again with its
 * old and new lines: the total is recomputed, the stock checked and the postings replaced. Every line names the
 * year of its document (its route fills in the request's year where a line names none).
 */
export function addLines(db: DbOrTx, user: SessionUser, kind: KindToken, lines: (LegacyLine & { yearId: number })[]) {
  // One document per reference and year.
  const byDocument = new Map<string, typeof lines>();
  for (const line of lines) {
    const at = `${line.yearId} ${line.pay_ref}`;
    byDocument.set(at, [...(byDocument.get(at) ?? []), line]);
  }
  return inTransaction(db, async (tx): Promise<Saved> => {
    // Every item of the batch first (as a single save does), then document after document.
    await lockStockItems(
      tx,
      user.store_id,
      lines.map((line) => line.item_id),
    );
    const all: SavedDocument[] = [];
    for (const added of byDocument.values()) {
      const [first] = added;
      const doc = first && (await findByReference(tx, user, kind, first.pay_ref, first.yearId));
      if (!doc) return fail('NOT_FOUND', { pay_ref: 'NOT_FOUND' });
      const saved = await saveDocument(tx, user, {
        kind,
        header: headerOf(doc),
        lines: [...linesOf(doc), ...added],
        payId: doc.pay_id,
        allowReshape: true,
      });
      if (!saved.ok) return saved;
      all.push(saved.value);
    }
    return ok(all);
  });
}

/**
 * Deletes a document's lines (`*_details/deleteMultiServices`), before a legacy edit sends the new ones. The
 * document stays as a header awaiting its new lines: it posts nothing meanwhile (stock goes back, and so does the
 * party's charge), so new lines that are refused leave no charge without goods behind.
 */
export function removeLines(db: DbOrTx, user: SessionUser, kind: KindToken, ref: string, yearId: number) {
  return inTransaction(db, async (tx): Promise<Saved> => {
    const doc = await findByReference(tx, user, kind, ref, yearId);
    if (!doc) return fail('NOT_FOUND', { pay_ref: 'NOT_FOUND' });
    if (doc.value_only) return ok([doc]);
    const saved = await saveDocument(tx, user, {
      kind,
      header: headerOf(doc),
      lines: undefined,
      payId: doc.pay_id,
      allowReshape: true,
      awaitingLines: true,
    });
    return saved.ok ? ok([saved.value]) : saved;
  });
}
