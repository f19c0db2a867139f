import { type DueKindToken, dueKindTokens, kindOf, type PartySide, routes } from '@mizan/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../app/api.ts';
import { may } from '../../app/permissions.ts';
import { yearKey } from '../../app/queryClient.ts';
import { useSession } from '../auth/AuthProvider.tsx';

/** Polling interval of the payment-due reads (seed section 9). */
export const DUE_POLL_MS = 10_000;

/** The kind with due dates whose party is on this side (the registry's: sales for customers, purchases for suppliers). */
const dueKindOf = (side: PartySide): DueKindToken | undefined =>
  dueKindTokens.find((kind) => kindOf(kind).party === side);

const dueQuery = (storeId: number, kind: DueKindToken | undefined, allowed = true) => ({
  queryKey: [...yearKey(storeId), 'due', kind],
  queryFn: async () => (kind ? (await call(routes[kind].paynotif, { query: { store_id: storeId } })).data : []),
  enabled: kind !== undefined && allowed,
  refetchInterval: DUE_POLL_MS,
  // A failed read is ignored (seed section 8): no retry, no message; the last list stays.
  retry: false,
});

/**
 * Invoices with a next payment date whose remainder is still owed, by customers and to suppliers, polled every 10 s
 * while signed in (the menu keeps it mounted). TanStack Query pauses the polling while the tab is hidden.
 */
export function useDueInvoices(storeId: number) {
  const customers = useQuery(dueQuery(storeId, dueKindOf('customer')));
  // What is owed to suppliers is read from purchases, whose lines are cost prices: only a role that sees cost asks.
  const { user } = useSession();
  const suppliers = useQuery(dueQuery(storeId, dueKindOf('supplier'), may(user, 'readCost')));
  return { customers, suppliers, count: (customers.data?.length ?? 0) + (suppliers.data?.length ?? 0) };
}
