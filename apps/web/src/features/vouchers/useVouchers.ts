import { routes, type UpdateVoucherBody, type VoucherInput, type VoucherKind } from '@mizan/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../app/api.ts';
import { refreshStore, yearKey } from '../../app/queryClient.ts';
import { usePagedList } from '../../ui/usePagedList.ts';

export const voucherKeys = {
  all: (storeId: number) => [...yearKey(storeId), 'vouchers'] as const,
  one: (storeId: number, jId: number) => [...voucherKeys.all(storeId), 'one', jId] as const,
  open: (storeId: number, accountId: number, kind: VoucherKind, jId?: number) =>
    [...voucherKeys.all(storeId), 'open', accountId, kind, jId] as const,
};

export const useVoucher = (storeId: number, jId: number | undefined) =>
  useQuery({
    queryKey: voucherKeys.one(storeId, jId ?? 0),
    queryFn: async () => (await call(routes.vouchers.read_single, { query: { j_id: jId ?? 0 } })).data[0],
    enabled: jId !== undefined,
  });

/** An account's invoices still open to a voucher of this kind, oldest first (an edit leaves out its own). */
/** The account's invoices a receipt or payment may settle (none for an expense voucher). */
export const openInvoicesQuery = (storeId: number, accountId: number | undefined, kind: VoucherKind, jId?: number) => ({
  queryKey: voucherKeys.open(storeId, accountId ?? 0, kind, jId),
  queryFn: async () =>
    (
      await call(routes.vouchers.openInvoices, {
        query: { account_id: accountId ?? 0, voucher_kind: kind, j_id: jId },
      })
    ).data,
  enabled: accountId !== undefined && kind !== 'expense',
});

export const useOpenInvoices = (storeId: number, accountId: number | undefined, kind: VoucherKind, jId?: number) =>
  useQuery(openInvoicesQuery(storeId, accountId, kind, jId));

export const useSaveVoucher = (storeId: number) =>
  useMutation({
    mutationFn: async (body: (VoucherInput | UpdateVoucherBody) & { j_id?: number }) => {
      const saved =
        body.j_id === undefined
          ? await call(routes.vouchers.create, { body: { ...body, store_id: storeId } })
          : await call(routes.vouchers.update, { body: { ...body, j_id: body.j_id, store_id: storeId } });
      return saved.data[0];
    },
    // A voucher moves balances, remainders and the due notifications: every figure of the store is read again.
    onSuccess: () => refreshStore(storeId),
  });

export const useDeleteVoucher = (storeId: number) =>
  useMutation({
    mutationFn: async (jId: number) => (await call(routes.vouchers.delete, { body: { j_id: jId } })).data,
    onSuccess: () => refreshStore(storeId),
  });

export type VoucherFilters = { from?: string | undefined; to?: string | undefined; voucher_kind?: VoucherKind };
export const useVoucherRecord = (storeId: number, filters: VoucherFilters) =>
  usePagedList([...voucherKeys.all(storeId), 'list'], routes.vouchers.list, { store_id: storeId, ...filters });
