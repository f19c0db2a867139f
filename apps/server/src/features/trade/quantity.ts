/** Quantities as exact thousandths (numeric(15,3) in the database), for comparisons without floats. */
export function toMilli(quantity: string): bigint {
  const negative = quantity.trim().startsWith('-');
  const [whole = '0', fraction = ''] = quantity.trim().replace('-', '').split('.');
  const value = BigInt(whole || '0') * 1000n + BigInt(fraction.padEnd(3, '0').slice(0, 3) || '0');
  return negative ? -value : value;
}

export function fromMilli(milli: bigint): string {
  const negative = milli < 0n;
  const abs = negative ? -milli : milli;
  const fraction = String(abs % 1000n).padStart(3, '0');
  return `${negative ? '-' : ''}${abs / 1000n}.${fraction}`;
}
