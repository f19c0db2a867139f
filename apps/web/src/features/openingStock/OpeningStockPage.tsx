import type { OpeningQuantityRow } from '@mizan/contract';
import { useState } from 'react';
import { formatDecimal, formatQuantity } from '../../app/format.ts';
import { IonSearchbar } from '../../ui/ionic.ts';
import { LoadMore } from '../../ui/LoadMore.tsx';
import { Page } from '../../ui/Page.tsx';
import { SheetImport } from '../../ui/SheetImport.tsx';
import { searchTerm } from '../../ui/searchTerm.ts';
import { usePagedList } from '../../ui/usePagedList.ts';
import { useSession } from '../auth/AuthProvider.tsx';

const text = {
  intro:
    'استورد الكميات الافتتاحية للسنة المالية المختارة من ملف Excel: تُطابق الأصناف بالكود، وتحل الكميات الجديدة محل الكميات الافتتاحية السابقة لهذا المخزن وهذه السنة.',
  year: (desc: string) => `السنة المالية: ${desc}`,
  search: 'بحث بالاسم أو الكود',
  code: 'الكود',
  name: 'الصنف',
  quantity: 'الكمية',
  perch: 'سعر الشراء',
  pay: 'سعر البيع',
  empty: 'لا توجد كميات افتتاحية لهذه السنة',
};

/** Opening quantities of the store and year: import from Excel (preview, then apply) and the current list. */
export default function OpeningStockPage({ title }: { title: string }) {
  const { storeId, year } = useSession();
  const [search, setSearch] = useState('');
  const yearId = year?.id;
  const { query, rows, total } = usePagedList<OpeningQuantityRow>(
    ['openingStock', storeId, yearId],
    'firstq/readByStore',
    {
      store_id: storeId,
      fq_year: yearId,
      search: search.trim() || undefined,
    },
  );

  return (
    <Page title={title}>
      <p className="notice">{text.intro}</p>
      {year && <p>{text.year(year.yearDesc)}</p>}
      <SheetImport
        path="uploadXslFristq"
        templatePath="firstq/importTemplate"
        templateName="قالب-الكميات-الافتتاحية.xlsx"
        params={{ fq_year: yearId }}
        invalidate={['openingStock', storeId]}
        describe={(values) => [values.part_no, values.item_name].filter(Boolean).join(' — ')}
      />
      <IonSearchbar
        placeholder={text.search}
        debounce={300}
        value={search}
        onIonInput={(e) => setSearch(searchTerm(e.detail.value ?? ''))}
      />
      {rows.length === 0 && !query.isLoading && <p className="empty">{text.empty}</p>}
      {rows.length > 0 && (
        <div className="table-scroll">
          <table className="data-table" data-testid="opening-table">
            <thead>
              <tr>
                <th>{text.code}</th>
                <th>{text.name}</th>
                <th className="amount">{text.quantity}</th>
                <th className="amount">{text.perch}</th>
                <th className="amount">{text.pay}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td data-label={text.code}>
                    <bdi>{row.part_no}</bdi>
                  </td>
                  <td data-label={text.name}>
                    <bdi>{row.item_name}</bdi>
                  </td>
                  <td data-label={text.quantity} className="amount">
                    <bdi className="num">{formatQuantity(row.quantity)}</bdi>
                  </td>
                  <td data-label={text.perch} className="amount">
                    <bdi className="num">{formatDecimal(row.perch_price)}</bdi>
                  </td>
                  <td data-label={text.pay} className="amount">
                    <bdi className="num">{formatDecimal(row.pay_price)}</bdi>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore
        shown={rows.length}
        total={total}
        loading={query.isFetchingNextPage}
        onMore={() => void query.fetchNextPage()}
      />
    </Page>
  );
}
