import type { Item } from '@mizan/contract';
import { columnsFor } from '../../app/permissions.ts';
import { DataTable, type Paging } from '../../ui/table/DataTable.tsx';
import { useSession } from '../auth/AuthProvider.tsx';
import { ItemRowActions } from './ItemRowActions.tsx';
import { itemColumnChoice, itemColumns } from './itemColumns.ts';
import { itemsText } from './itemsText.ts';

/**
 * The item rows with the chosen columns, paged on the server; on a phone each row shows as a card. A role without
 * cost prices (`readCost`) has no purchase price or profit column: the server sends them blank anyway.
 */
export function ItemTable({
  items,
  loading,
  paging,
  onEdit,
  onDelete,
}: {
  items: Item[];
  loading: boolean;
  paging: Paging;
  onEdit: (item: Item) => void;
  onDelete: (item: Item) => void;
}) {
  const { user } = useSession();
  return (
    <DataTable
      columns={columnsFor(user, itemColumns)}
      rows={items}
      rowKey={(item) => item.id}
      testId="items-table"
      empty={itemsText.empty}
      loading={loading}
      columnChoice={itemColumnChoice}
      paging={paging}
      actions={(item) => <ItemRowActions onEdit={() => onEdit(item)} onDelete={() => onDelete(item)} />}
    />
  );
}
