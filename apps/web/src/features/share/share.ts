/**
 * Sharing an invoice from the phone (issue 34, part 4): its summary as text (number, date, total, what is still
 * owed) for the system share sheet (Web Share) and a WhatsApp link to the customer's phone. Nothing public is made:
 * the text carries the figures, never a link that would open the invoice without signing in.
 */
import { formatDate, formatDecimal } from '../../app/format.ts';
import { shareText as text } from './shareText.ts';

/** The international calling codes of the countries a company may be in (ISO 3166 → E.164 prefix). */
const callingCodes: Record<string, string> = {
  SD: '249',
  SA: '966',
  EG: '20',
  AE: '971',
  KW: '965',
  QA: '974',
  BH: '973',
  OM: '968',
  JO: '962',
  YE: '967',
  LY: '218',
  IQ: '964',
  SS: '211',
};

/**
 * A phone as WhatsApp's link wants it: digits only, with the country's code (a number typed `+249…` or `00249…`
 * keeps its own; one typed the local way, `0912…`, takes the company's country). Undefined when there is no number.
 */
export function whatsAppNumber(phone: string | null | undefined, countryCode: string): string | undefined {
  const typed = (phone ?? '').replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x660)).trim();
  const digits = typed.replace(/\D/g, '');
  if (digits.length < 6) return undefined;
  if (typed.startsWith('+')) return digits;
  if (digits.startsWith('00')) return digits.slice(2);
  const code = callingCodes[countryCode.toUpperCase()];
  if (digits.startsWith('0') && code) return code + digits.slice(1);
  return digits;
}

/** `https://wa.me/<number>?text=…`; without a number WhatsApp asks whom to send it to. */
export function whatsAppLink(text: string, number: string | undefined): string {
  return `https://wa.me/${number ?? ''}?text=${encodeURIComponent(text)}`;
}

export type InvoiceSummary = {
  /** The kind's Arabic name (the registry's label: a sales invoice, a sales return…). */
  label: string;
  pay_ref: string;
  pay_date: string;
  total: string;
  /** What the customer still owes on it; nothing shown when 0. */
  remaining: string;
  currency: string;
  company: string;
  party?: string | undefined;
};

/** The summary a customer receives: one fact per line, figures as the print shows them. */
export function invoiceSummaryText(s: InvoiceSummary): string {
  const owed = s.remaining.replace(/^-/, '').replace(/[.0]/g, '') !== '';
  return [
    `${s.label} ${s.pay_ref}`,
    `${text.date} ${formatDate(s.pay_date)}`,
    ...(s.party ? [`${text.party} ${s.party}`] : []),
    `${text.total} ${formatDecimal(s.total)} ${s.currency}`,
    ...(owed ? [`${text.remaining} ${formatDecimal(s.remaining)} ${s.currency}`] : []),
    s.company,
  ].join('\n');
}
