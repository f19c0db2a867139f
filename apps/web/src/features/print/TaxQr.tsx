import { type Company, type KindToken, kindOf, taxQrBase64, taxQrTimestamp } from '@mizan/contract';
import { useEffect, useState } from 'react';

/**
 * Whether a document prints the tax QR: a sale or sales return that charges VAT (docs/vat.md). A saved document says
 * so itself (`vat_charged`, the terms it was issued under), whatever the company's settings are now; a sale still on
 * the device follows them.
 */
export function printsTaxQr(company: Company, kind: KindToken, doc?: { vat_charged?: boolean }) {
  const spec = kindOf(kind);
  const charged = doc?.vat_charged ?? company.vat_registered;
  return charged && Boolean(company.vatNo) && spec.party === 'customer' && spec.posting !== 'nothing';
}

/** What the tax QR of a document carries (Saudi e-invoicing phase 1): TLV in Base64, the printed date and time. */
export const taxQrOf = (
  company: Company,
  doc: { pay_date: string; pay_time: string; total_with_vat: string; taxTot: string },
) =>
  taxQrBase64({
    sellerName: company.arName,
    vatNumber: company.vatNo ?? '',
    timestamp: taxQrTimestamp(doc.pay_date, doc.pay_time),
    totalWithVat: doc.total_with_vat,
    vatTotal: doc.taxTot,
  });

/**
 * The tax QR as an SVG image. The QR library is loaded only when a QR is drawn (a print), never with the sales
 * screen's first load.
 */
export function TaxQr({ value, size }: { value: string; size: string }) {
  const [svg, setSvg] = useState<string>();
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => qr.toString(value, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 }))
      .then((text) => {
        if (live) setSvg(text);
      });
    return () => {
      live = false;
    };
  }, [value]);
  // Until the QR is drawn its place is kept, marked as still drawing: the shared image waits for it (share/printedFile).
  if (!svg)
    return <span className="tax-qr" data-drawing="" style={{ display: 'inline-block', width: size, height: size }} />;
  const source = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  return (
    <img
      className="tax-qr"
      src={source}
      alt=""
      data-testid="tax-qr"
      data-qr={value}
      style={{ width: size, height: size }}
    />
  );
}
