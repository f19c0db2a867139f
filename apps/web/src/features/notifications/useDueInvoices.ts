import { routes } from '@mizan/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../app/api.ts';
import { yearKey } from '../../app/queryClient.ts';

/** Polling interval of the payment-due reads (seed section 9). */
export const DUE_POLL_MS = 10_000;

const dueQuery = (storeId: number, kind: 'pay' | 'perch') => ({
  queryKey: [...yearKey(storeId), 'due', kind],
  queryFn: async () => (await call(routes[kind].paynotif, { query: { store_id: storeId } })).data,
  refetchInterval: DUE_POLL_MS,
  // A failed read is ignored (seed section 8): no retry, no message; the last list stays.
  retry: false,
});

/**
 * Sales and purchase invoices with a next payment date whose remainder is still owed, polled every 10 s while
 * signed in (the menu keeps it mounted). TanStack Query pauses the polling while the tab is hidden.
 */
export function useDueInvoices(storeId: number) {
  const customers = useQuery(dueQuery(storeId, 'pay'));
  const suppliers = useQuery(dueQuery(storeId, 'perch'));
  return { customers, suppliers, count: (customers.data?.length ?? 0) + (suppliers.data?.length ?? 0) };
}
