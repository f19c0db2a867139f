import { routes, type StockRow } from '@mizan/contract';
import { useState } from 'react';
import { yearKey } from '../../app/queryClient.ts';
import { Segmented } from '../../ui/Segmented.tsx';
import { useDebounced } from '../../ui/useDebounced.ts';
import { usePagedList } from '../../ui/usePagedList.ts';
import { useBrands, useCategories } from '../items/useItems.ts';
import { catalogueTiles } from '../offline/deviceCache.rules.ts';
import { PosTiles } from './PosTiles.tsx';
import { posText as text } from './posText.ts';

type Tiles = 'category' | 'brand';

/**
 * The POS's items as tiles, by category or brand, following the name being typed in the scanner field (`term`);
 * without the network, from the device's copy of the store's items (`catalogue`, docs/offline.md).
 */
export function PosCatalogue({
  storeId,
  term,
  catalogue,
  onAdd,
}: {
  storeId: number;
  term: string;
  catalogue: StockRow[];
  onAdd: (item: StockRow) => void;
}) {
  const [tilesBy, setTilesBy] = useState<Tiles>('category');
  const [group, setGroup] = useState('');
  const categories = useCategories(storeId);
  const brands = useBrands(storeId);
  const search = useDebounced(term, 200);
  // A code being scanned is not a name to search: the tiles follow names (letters, or words with spaces).
  const searching = /[^\d\s]/.test(search) ? search.trim() : '';
  const filter = {
    search: searching || undefined,
    category_id: tilesBy === 'category' && group ? Number(group) : undefined,
    brand: tilesBy === 'brand' && group ? group : undefined,
  };
  const tiles = usePagedList(
    [...yearKey(storeId), 'posTiles'],
    routes.itemStock.stockList,
    { store_id: storeId, ...filter },
    40,
  );

  // Without the network the tiles come from the device's copy.
  const offlineTiles =
    tiles.rows.length === 0 && (tiles.query.isError || tiles.query.fetchStatus === 'paused')
      ? catalogueTiles(catalogue, filter)
      : undefined;
  const shownTiles: StockRow[] = offlineTiles ?? tiles.rows;

  const groups =
    tilesBy === 'category'
      ? (categories.data ?? []).map((c) => ({ value: String(c.id), label: c.category_name }))
      : (brands.data ?? []).map((b) => ({ value: b.brand, label: b.brand }));

  return (
    <>
      <Segmented
        label={text.tilesBy}
        value={tilesBy}
        options={[
          { value: 'category', label: text.byCategory },
          { value: 'brand', label: text.byBrand },
        ]}
        onChange={(value) => {
          setTilesBy(value);
          setGroup('');
        }}
      />
      <div className="pos-groups" role="toolbar" aria-label={tilesBy === 'category' ? text.byCategory : text.byBrand}>
        {[{ value: '', label: text.all }, ...groups].map((g) => (
          <button
            key={g.value || 'all'}
            type="button"
            className={g.value === group ? 'pos-chip pos-touch selected' : 'pos-chip pos-touch'}
            aria-pressed={g.value === group}
            onClick={() => setGroup(g.value)}
          >
            {g.label}
          </button>
        ))}
      </div>
      <PosTiles
        items={shownTiles}
        onAdd={onAdd}
        showEmpty={(tiles.query.isSuccess || offlineTiles !== undefined) && shownTiles.length === 0}
      />
      {tiles.query.hasNextPage && (
        <button
          type="button"
          className="plain-button outline pos-touch"
          onClick={() => void tiles.query.fetchNextPage()}
        >
          {text.more}
        </button>
      )}
    </>
  );
}
