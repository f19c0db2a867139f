import { type CreateJournalBody, routes } from '@mizan/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../app/api.ts';
import { refreshStore, storeKey, yearKey } from '../../app/queryClient.ts';

export const journalKeys = {
  all: (storeId: number) => [...yearKey(storeId), 'journals'] as const,
  templates: (storeId: number) => [...storeKey(storeId), 'journalTemplates'] as const,
};

export const useTemplates = (storeId: number) =>
  useQuery({
    queryKey: journalKeys.templates(storeId),
    queryFn: async () => {
      const query = { store_id: storeId };
      const [templates, accounts] = await Promise.all([
        call(routes.j_type.readByStore, { query }),
        call(routes.j_typeDetails.readByStoreByRef, { query }),
      ]);
      return { templates: templates.data, accounts: accounts.data };
    },
  });

export const useJournal = (storeId: number, jId: number | undefined) =>
  useQuery({
    queryKey: [...journalKeys.all(storeId), 'one', jId],
    queryFn: async () => (await call(routes.journal.read_single, { query: { j_id: jId ?? 0 } })).data[0],
    enabled: jId !== undefined,
  });

export type JournalListMode = 'recent' | 'date' | 'range';
export const useJournalList = (storeId: number, mode: JournalListMode, from: string, to: string) =>
  useQuery({
    queryKey: [...journalKeys.all(storeId), 'list', mode, from, to],
    queryFn: async () => {
      const query = { store_id: storeId };
      if (mode === 'date') return (await call(routes.journal.getSalesByDate, { query: { ...query, from } })).data;
      if (mode === 'range') return (await call(routes.journal.getSales2Date, { query: { ...query, from, to } })).data;
      return (await call(routes.journal.getTopSales, { query })).data;
    },
  });

export const useSaveJournal = (storeId: number) =>
  useMutation({
    mutationFn: async ({ body, jId }: { body: CreateJournalBody; jId?: number | undefined }) =>
      jId === undefined
        ? (await call(routes.journal.createWithItems, { body: { ...body, idempotency_key: crypto.randomUUID() } }))
            .data[0]
        : (await call(routes.journal.updateWithItems, { body: { ...body, invoice: { ...body.invoice, j_id: jId } } }))
            .data[0],
    onSuccess: () => refreshStore(storeId),
  });

export const useDeleteJournal = (storeId: number) =>
  useMutation({
    mutationFn: async (jId: number) => (await call(routes.journal.deleteWithItems, { body: { j_id: jId } })).data,
    onSuccess: () => refreshStore(storeId),
  });
