import { routes, type TransferWithLines } from '@mizan/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../app/api.ts';
import { refreshStore, storeKey } from '../../app/queryClient.ts';
import { type Filters, usePagedList } from '../../ui/usePagedList.ts';

/** A store's transfers, sent and received: not a year's (a transfer sent in December may arrive in January). */
const transferKeys = {
  all: (storeId: number) => [...storeKey(storeId), 'transfers'] as const,
  one: (storeId: number, payId: number) => [...transferKeys.all(storeId), 'one', payId] as const,
};

/** One transfer with its lines and receipts, as the session's store reads it (sender or receiver). */
export const useTransfer = (storeId: number, payId: number | undefined) =>
  useQuery({
    queryKey: transferKeys.one(storeId, payId ?? 0),
    queryFn: async () => {
      const [found] = (await call(routes.transfer.readById, { query: { store_id: storeId, pay_id: payId ?? 0 } })).data;
      // A transfer of neither store (or deleted) answers nothing: the screen says so.
      if (!found) throw new Error('transfer not found');
      return found;
    },
    enabled: payId !== undefined,
    retry: false,
  });

export type TransferFilters = Omit<Filters<typeof routes.transfer.list>, 'store_id'>;

/** The record, paged on the server: newest first. */
export const useTransferRecord = (storeId: number, filters: TransferFilters) =>
  usePagedList([...transferKeys.all(storeId), 'list'], routes.transfer.list, { store_id: storeId, ...filters });

type Line = { item_id: number; quantity: string };
export type TransferHeader = { to_store_id: number; transfer_date: string; note?: string | undefined };

/**
 * Saves a new transfer or replaces one nothing of which was received (`payId`). Every change moves both stores'
 * stock: the session store's lists are all read again.
 */
export const useSaveTransfer = (storeId: number) =>
  useMutation({
    mutationFn: async ({
      header,
      items,
      payId,
    }: {
      header: TransferHeader;
      items: Line[];
      payId?: number | undefined;
    }) =>
      firstOf(
        payId === undefined
          ? await call(routes.transfer.createWithItems, { body: { transfer: header, items } })
          : await call(routes.transfer.updateWithItems, { body: { transfer: { ...header, pay_id: payId }, items } }),
      ),
    onSuccess: () => void refreshStore(storeId),
  });

export const useDeleteTransfer = (storeId: number) =>
  useMutation({
    mutationFn: async (payId: number) =>
      firstOf(await call(routes.transfer.deleteWithItems, { body: { pay_id: payId } })),
    onSuccess: () => refreshStore(storeId),
  });

/** A receipt into the session's store; `send_back` (the sender's): what is still on the way goes back. */
export const useReceiveTransfer = (storeId: number) =>
  useMutation({
    mutationFn: async (body: {
      transfer_id: number;
      receipt_date?: string | undefined;
      note?: string | undefined;
      lines?: Line[] | undefined;
      send_back?: boolean;
    }) => firstOf(await call(routes.transfer.receive, { body })),
    onSuccess: () => refreshStore(storeId),
  });

export const useDeleteReceipt = (storeId: number) =>
  useMutation({
    mutationFn: async (receiptId: number) =>
      firstOf(await call(routes.transfer.deleteReceipt, { body: { receipt_id: receiptId } })),
    onSuccess: () => refreshStore(storeId),
  });

function firstOf(answer: { data: TransferWithLines[] }): TransferWithLines {
  const [first] = answer.data;
  if (!first) throw new Error('the server answered no transfer');
  return first;
}
