import type { DocumentKind } from '../../db/schema.ts';

/** What differs between the document kinds: the reference letter, which price a line is valued at, the year rule. */
export const kinds: Record<
  DocumentKind,
  { letter: string; price: 'pay_price' | 'perch_price'; yearScoped: boolean; label: string }
> = {
  pay: { letter: 'S', price: 'pay_price', yearScoped: true, label: 'sales' },
  perch: { letter: 'P', price: 'perch_price', yearScoped: true, label: 'purchase' },
  // Preliminary invoices and purchase orders are read without a year (as the legacy screens do).
  payinit: { letter: 'D', price: 'pay_price', yearScoped: false, label: 'preliminary sales' },
  perchOrder: { letter: 'O', price: 'perch_price', yearScoped: false, label: 'purchase order' },
};

/** `SH-S-000123`: the store's prefix, the kind, the sequence in the store and year. */
export const formatReference = (storeRef: string, kind: DocumentKind, sequence: number) =>
  `${storeRef.toUpperCase()}-${kinds[kind].letter}-${String(sequence).padStart(6, '0')}`;
