import { CUSTOMERS_CLASS, SUPPLIERS_CLASS } from '@mizan/contract';
import type { DocumentKind } from '../../db/schema.ts';

/** Which accounts a document may be made out to: the class of its party, and the refusal of any other. */
const customer = { partyClass: CUSTOMERS_CLASS, wrongParty: 'NOT_A_CUSTOMER' } as const;
const supplier = { partyClass: SUPPLIERS_CLASS, wrongParty: 'NOT_A_SUPPLIER' } as const;

/**
 * What differs between the document kinds: the reference letter, which price a line is valued at, the year rule,
 * and the side of its party (sales to customers, purchases and orders from suppliers).
 */
export const kinds: Record<
  DocumentKind,
  {
    letter: string;
    price: 'pay_price' | 'perch_price';
    yearScoped: boolean;
    label: string;
    partyClass: number;
    wrongParty: 'NOT_A_CUSTOMER' | 'NOT_A_SUPPLIER';
  }
> = {
  pay: { letter: 'S', price: 'pay_price', yearScoped: true, label: 'sales', ...customer },
  perch: { letter: 'P', price: 'perch_price', yearScoped: true, label: 'purchase', ...supplier },
  // Preliminary invoices and purchase orders are read without a year (as the legacy screens do).
  payinit: { letter: 'D', price: 'pay_price', yearScoped: false, label: 'preliminary sales', ...customer },
  perchOrder: { letter: 'O', price: 'perch_price', yearScoped: false, label: 'purchase order', ...supplier },
};

/** `SH-S-000123`: the store's prefix, the kind, the sequence in the store and year. */
export const formatReference = (storeRef: string, kind: DocumentKind, sequence: number) =>
  `${storeRef.toUpperCase()}-${kinds[kind].letter}-${String(sequence).padStart(6, '0')}`;
