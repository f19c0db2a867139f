import { type Company, type Item, labelBarcodeOf, labelPrice } from '@mizan/contract';
import { barcodeOutline, printOutline } from 'ionicons/icons';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatMoney, isolate } from '../../app/format.ts';
import { may } from '../../app/permissions.ts';
import { IonButton, IonIcon } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { useNotify } from '../../ui/useNotify.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import { useInvoice } from '../invoices/useSales.ts';
import { useCompany } from '../settings/useSettings.ts';
import { LabelLines } from './LabelLines.tsx';
import { LabelSheet, type PrintedLabel } from './LabelSheet.tsx';
import {
  copiesOf,
  countOf,
  labelLayouts,
  labelRequestOf,
  layoutIds,
  layoutOf,
  pagesOf,
  purchaseLabels,
} from './labelSheet.ts';
import { labelsText as text } from './labelsText.ts';
import { useAssignBarcodes, useLabelItems } from './useLabels.ts';

/** What an item's label prints, or undefined when it has no code a barcode can carry. */
function printedLabel(item: Item, company: Company): PrintedLabel | undefined {
  const barcode = labelBarcodeOf(item);
  if (!barcode) return undefined;
  return {
    id: item.id,
    name: item.item_name,
    price: formatMoney(labelPrice(item, company), company),
    code: item.part_no,
    barcode,
  };
}

/** How much the preview is scaled so that a whole page fits the screen's width (a phone shows the sheet whole). */
function useFitZoom(pageWidthMm: number) {
  const box = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useState(1);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const pagePx = (pageWidthMm * 96) / 25.4;
    const fit = () => setZoom(Math.min(1, Math.max(0.2, (element.clientWidth - 8) / pagePx)));
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, [pageWidthMm]);
  return { box, zoom };
}

/**
 * The labels screen (labels?items=12:3,15:1&layout=a4x24; docs/labels.md): the chosen items with how many labels
 * each, the layout, a preview of the pages as they print, the print itself, and barcodes of the store's own for the
 * items that have none. Opened from item-stock (the selected rows), from an item, and from a purchase (a label per
 * unit received).
 */
export default function LabelsPage({ title }: { title: string }) {
  const { storeId, user } = useSession();
  const [params, setParams] = useSearchParams();
  const itemsParam = params.get('items');
  // After a purchase (`?perch=12`): a label for each unit received, read from the purchase itself.
  const perchId = Number(params.get('perch'));
  const purchase = useInvoice(storeId, 'perch', !itemsParam && perchId > 0 ? perchId : undefined);
  const requests = useMemo(
    () => (itemsParam ? labelRequestOf(itemsParam) : purchaseLabels(purchase.data?.items ?? [])),
    [itemsParam, purchase.data],
  );
  const layoutId = layoutOf(params.get('layout'));
  const layout = labelLayouts[layoutId];
  const [typed, setTyped] = useState<Record<number, string>>({});
  useEffect(() => setTyped(Object.fromEntries(requests.map((r) => [r.id, String(r.count)]))), [requests]);
  const items = useLabelItems(
    storeId,
    requests.map((r) => r.id),
  );
  const company = useCompany().data?.[0];
  const assign = useAssignBarcodes(storeId);
  const notify = useNotify();
  const { box, zoom } = useFitZoom(layout.paper === 'a4' ? 210 : layout.width);

  const rows = items.data ?? [];
  const counts = new Map(rows.map((item) => [item.id, countOf(typed[item.id] ?? '') ?? 0]));
  const printable = company ? rows.flatMap((item) => printedLabel(item, company) ?? []) : [];
  const labels = copiesOf(printable, counts);
  const pages = pagesOf(labels, layout).length;
  const without = rows.filter((item) => !item.item_parcode).map((item) => item.id);

  const chooseLayout = (next: string) => {
    const copy = new URLSearchParams(params);
    copy.set('layout', next);
    setParams(copy, { replace: true });
  };
  const giveBarcodes = () =>
    assign.mutate(without, {
      onSuccess: (given) => notify.done(text.assigned(given.filter((row) => row.assigned).length)),
      onError: notify.failed,
    });

  return (
    <Page title={title}>
      <div className="no-print labels-screen">
        {purchase.data && <p data-testid="labels-purchase">{text.ofPurchase(isolate(purchase.data.pay_ref))}</p>}
        <div className="labels-controls" data-testid="label-layouts">
          {layoutIds.map((id) => (
            <IonButton
              key={id}
              size="small"
              fill={id === layoutId ? 'solid' : 'outline'}
              onClick={() => chooseLayout(id)}
              data-testid={`layout-${id}`}
            >
              {text.layouts[id]}
            </IonButton>
          ))}
        </div>
        <LabelLines
          items={rows}
          loading={items.isLoading}
          typed={typed}
          onCount={(id, count) => setTyped((current) => ({ ...current, [id]: count }))}
        />
        <div className="labels-controls">
          <IonButton onClick={() => window.print()} disabled={labels.length === 0} data-testid="print-labels">
            <IonIcon slot="start" icon={printOutline} />
            {text.print}
          </IonButton>
          {may(user, 'items') && without.length > 0 && (
            <IonButton fill="outline" onClick={giveBarcodes} disabled={assign.isPending} data-testid="assign-barcodes">
              <IonIcon slot="start" icon={barcodeOutline} />
              {text.assign}
            </IonButton>
          )}
          <span className="labels-summary" data-testid="labels-summary">
            {text.summary(labels.length, pages)}
          </span>
        </div>
      </div>
      <div ref={box}>
        <LabelSheet labels={labels} layoutId={layoutId} zoom={zoom} />
      </div>
    </Page>
  );
}
