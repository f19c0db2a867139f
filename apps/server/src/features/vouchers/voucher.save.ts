/**
 * The voucher's save (docs/vouchers.md), a journal of the journal family in the pipeline's steps
 * (features/book/savePipeline.ts): load the voucher it replaces under its lock, its year, its two accounts and the
 * invoices it settles under their locks (in id order); check the accounts and the allocations (pure: every refused
 * one named); write the journal's header and its two lines, replace its allocations, and post what its rule says
 * (`journalReposting`, the journal family's, on its own date). Only this voucher is posted again on an edit.
 */
import {
  type Allocation,
  allocateOldestFirst,
  checkAllocations,
  fail,
  MONEY_CLASS,
  type OpenInvoice,
  ok,
  type SessionUser,
  sideOf,
  type VoucherInput,
  type VoucherWithDetails,
  voucherKindLabelsAr,
  voucherLines,
} from '@mizan/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { journal, journalLine, paymentAllocation } from '../../db/schema.ts';
import { refuse } from '../../lib/transaction.ts';
import type { DocumentModule } from '../book/savePipeline.ts';
import { lockJournal } from '../journal/journal.queries.ts';
import {
  insertHeader,
  insertLines,
  journalLogToken,
  journalRefusal,
  journalReposting,
} from '../journal/journal.writes.ts';
import { findYear, isInsideYear } from '../organisation/currentYear.ts';
import { openInvoices, readVoucher, voucherAccount } from './vouchers.queries.ts';

export type VoucherSave = {
  /** Its `yearId` is the year the route resolved for the request. */
  input: VoucherInput & { yearId: number };
  /** The voucher being replaced (an edit), if any. */
  jId?: number;
  idempotency: { key: string | undefined; hash: string | undefined };
};

async function load(tx: Tx, user: SessionUser, save: VoucherSave) {
  const { input } = save;
  let existing: VoucherWithDetails | undefined;
  if (save.jId !== undefined) {
    existing = (await lockJournal(tx, user.store_id, save.jId))
      ? await readVoucher(tx, user.store_id, save.jId)
      : undefined;
    if (!existing) return fail<never>('NOT_FOUND');
  }
  // Whose voucher it is, which day it is of and the day it is dated, as the user's role permits.
  const byRole = journalRefusal(user, 'voucher', existing, input.j_date);
  if (byRole) return byRole;
  const accountingYear = await findYear(tx, input.yearId);
  if (!accountingYear) return fail<never>('YEAR_NOT_FOUND', { yearId: 'YEAR_NOT_FOUND' });
  // A voucher stays in its year, as every document does.
  if (existing && existing.yearId !== accountingYear.id)
    return fail<never>('DOCUMENT_IN_OTHER_YEAR', { yearId: 'DOCUMENT_IN_OTHER_YEAR' });
  const [moneyAccount, account] = [
    await voucherAccount(tx, user.store_id, input.money_account_id),
    await voucherAccount(tx, user.store_id, input.account_id),
  ];
  const wanted = input.allocate_oldest ? undefined : input.allocations.map((a) => a.pay_id);
  const open =
    account && (wanted === undefined || wanted.length > 0)
      ? await openInvoices(tx, {
          storeId: user.store_id,
          accountId: account.id,
          kind: input.voucher_kind,
          yearId: accountingYear.id,
          exceptJId: existing?.j_id,
          lock: true,
          ...(wanted ? { payIds: wanted } : {}),
        })
      : [];
  return ok({ save, existing, accountingYear, moneyAccount, account, open });
}

type Loaded = Extract<Awaited<ReturnType<typeof load>>, { ok: true }>['value'];

/**
 * The refusals, in order: the date outside its year; a money account that is no cash box or bank; an account that
 * is not the store's, is the inventory account (kept by stock), is the money account itself, or (an expense
 * voucher) no expense account; then the allocations (`checkAllocations`). And what it is: its two lines.
 */
function check(loaded: Loaded) {
  const { input } = loaded.save;
  if (!isInsideYear(input.j_date, loaded.accountingYear))
    return fail<never>('DATE_OUTSIDE_YEAR', { j_date: 'DATE_OUTSIDE_YEAR' });
  if (!loaded.moneyAccount || loaded.moneyAccount.ac_id !== MONEY_CLASS)
    return fail<never>('NOT_A_MONEY_ACCOUNT', { money_account_id: 'NOT_A_MONEY_ACCOUNT' });
  const account = loaded.account;
  if (!account) return fail<never>('ACCOUNT_NOT_FOUND', { account_id: 'ACCOUNT_NOT_FOUND' });
  if (account.role === 'inventory')
    return fail<never>('ACCOUNT_KEPT_BY_STOCK', { account_id: 'ACCOUNT_KEPT_BY_STOCK' });
  if (account.id === loaded.moneyAccount.id)
    return fail<never>('VOUCHER_SAME_ACCOUNT', { account_id: 'VOUCHER_SAME_ACCOUNT' });
  if (input.voucher_kind === 'expense' && account.type !== 'expense')
    return fail<never>('NOT_AN_EXPENSE_ACCOUNT', { account_id: 'NOT_AN_EXPENSE_ACCOUNT' });
  const requested: Allocation[] = input.allocate_oldest
    ? allocateOldestFirst(input.amount, loaded.open)
    : input.allocations;
  const allocations = checkAllocations(
    input.amount,
    requested,
    new Map(loaded.open.map((invoice: OpenInvoice) => [invoice.pay_id, invoice.remaining])),
  );
  if (!allocations.ok) return allocations;
  const lines = voucherLines(input.voucher_kind, loaded.moneyAccount.id, account.id, input.amount);
  return ok({ ...loaded, allocations: allocations.value, lines });
}

type Checked = Extract<ReturnType<typeof check>, { ok: true }>['value'];

async function write(tx: Tx, user: SessionUser, checked: Checked) {
  const { save, existing, accountingYear, allocations, lines } = checked;
  const { input } = save;
  const header = {
    j_date: input.j_date,
    j_type: voucherKindLabelsAr[input.voucher_kind],
    j_details: input.j_details,
    j_desc: null,
    invo_ref: null,
    standard_details: null,
  };
  let jId: number;
  if (existing) {
    jId = existing.j_id;
    await tx.update(journal).set(header).where(eq(journal.j_id, jId));
    await tx.delete(journalLine).where(eq(journalLine.j_id, jId));
    await tx.delete(paymentAllocation).where(eq(paymentAllocation.j_id, jId));
  } else {
    jId = await insertHeader(tx, user, accountingYear.id, header, {
      idempotency_key: save.idempotency.key ?? null,
      idempotency_hash: save.idempotency.hash ?? null,
    });
  }
  await tx
    .update(journal)
    .set({
      voucher_kind: input.voucher_kind,
      money_account_id: input.money_account_id,
      account_id: input.account_id,
    })
    .where(eq(journal.j_id, jId));
  await insertLines(
    tx,
    user.store_id,
    jId,
    lines.map((line) => ({ ...line, j_desc: null, side: sideOf(line) ?? 'from' })),
  );
  if (allocations.length)
    await tx
      .insert(paymentAllocation)
      .values(allocations.map((a) => ({ store_id: user.store_id, j_id: jId, pay_id: a.pay_id, amount: a.amount })));
  const reposting = await journalReposting(tx, jId, { fresh: !existing });
  if (!reposting.ok) refuse(reposting);
  const saved = await readVoucher(tx, user.store_id, jId);
  if (!saved) throw new Error(`voucher ${jId} not found after its save`);
  return {
    postings: [reposting.value],
    log: {
      yearId: saved.yearId,
      typee: existing ? ('update journal' as const) : ('insert journal' as const),
      logToken: { ...journalLogToken(saved), voucher_kind: saved.voucher_kind, allocations: saved.allocations },
    },
    answer: async () => ok(saved),
  };
}

export const voucherSave: DocumentModule<VoucherSave, Loaded, Checked, VoucherWithDetails> = { load, check, write };
