import type { LabelBarcode } from '@mizan/contract';
import { type CSSProperties, useMemo } from 'react';
import { createPortal } from 'react-dom';
import { barcodeSvg } from './barcodeImage.ts';
import { type LabelLayout, type LayoutId, labelLayouts, pagesOf } from './labelSheet.ts';
import './labels.css';

/** One label as printed: the item's name, its price as the customer pays it, its code and its barcode. */
export type PrintedLabel = {
  id: number;
  name: string;
  /** Formatted, with the currency. */
  price: string;
  code: string | null;
  barcode: LabelBarcode;
};

const mm = (value: number) => `${value}mm`;
const pageSize = (layout: LabelLayout) => (layout.paper === 'a4' ? 'A4' : `${mm(layout.width)} ${mm(layout.height)}`);

function pageStyle(layout: LabelLayout): CSSProperties {
  return {
    gridTemplateColumns: `repeat(${layout.columns}, ${mm(layout.width)})`,
    gridAutoRows: mm(layout.height),
    columnGap: mm(layout.gapX),
    rowGap: mm(layout.gapY),
    paddingTop: mm(layout.top),
    paddingInline: mm(layout.side),
  };
}

function Label({ label, svg, layout }: { label: PrintedLabel; svg: string; layout: LabelLayout }) {
  return (
    <div className="label" style={{ width: mm(layout.width), height: mm(layout.height) }} data-testid="label">
      <div className="label-name">{label.name}</div>
      <div className="label-figures">
        <bdi className="label-price num" data-testid="label-price">
          {label.price}
        </bdi>
        {label.code && label.code !== label.barcode.code && (
          <bdi className="label-code" dir="ltr">
            {label.code}
          </bdi>
        )}
      </div>
      {/* bwip-js's own SVG (bars and digits as paths): nothing typed by a user reaches it but the code it encodes. */}
      <div
        className="label-barcode"
        data-testid="label-barcode"
        data-code={label.barcode.code}
        data-symbology={label.barcode.symbology}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the SVG is bwip-js's drawing, escaped by it
        dangerouslySetInnerHTML={{ __html: svg }}
      />
    </div>
  );
}

/** The sheets (or the roll's labels), each its own printed page of the layout's paper. */
function Pages({ labels, layoutId }: { labels: PrintedLabel[]; layoutId: LayoutId }) {
  const layout = labelLayouts[layoutId];
  // One drawing per code, however many copies: a sheet of 65 copies of one item draws its barcode once.
  const drawn = useMemo(() => {
    const svgs = new Map<string, string>();
    for (const { barcode } of labels) if (!svgs.has(barcode.code)) svgs.set(barcode.code, barcodeSvg(barcode));
    return svgs;
  }, [labels]);
  return (
    <>
      {pagesOf(labels, layout).map((page, index) => (
        <section
          // Pages are only ever redrawn whole, in order.
          // biome-ignore lint/suspicious/noArrayIndexKey: a page is its position
          key={index}
          className={`label-page ${layout.paper} ${layoutId}`}
          style={pageStyle(layout)}
          data-testid="label-page"
        >
          {page.map((label, at) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: copies of one item are told apart by their place
            <Label key={at} label={label} svg={drawn.get(label.barcode.code) ?? ''} layout={layout} />
          ))}
        </section>
      ))}
    </>
  );
}

/**
 * The labels on screen (scaled down to the screen's width: a phone shows the whole sheet) and, for the print, the
 * same pages outside the app's scrolling shell (a portal in the body), which alone print: Ionic's content scrolls in
 * a box of the window's height, and a print of it would stop at the first page. The paper is the page's own
 * `@page` rule, written while the screen is open: Chromium's PDF took no size from a named page.
 */
export function LabelSheet({ labels, layoutId, zoom }: { labels: PrintedLabel[]; layoutId: LayoutId; zoom: number }) {
  return (
    <>
      <div
        className="label-preview"
        style={{ '--preview-zoom': String(zoom) } as CSSProperties}
        data-testid="label-preview"
      >
        <Pages labels={labels} layoutId={layoutId} />
      </div>
      {createPortal(
        <div className="labels-print-root" dir="rtl" data-testid="labels-print">
          {/* The paper of the layout chosen, only while this screen is open (a later style wins over print.css's A4). */}
          <style>{`@page { size: ${pageSize(labelLayouts[layoutId])}; margin: 0; }`}</style>
          <Pages labels={labels} layoutId={layoutId} />
        </div>,
        document.body,
      )}
    </>
  );
}
