import { formatDecimal } from '../app/format.ts';

/** An amount inside Arabic text: isolated so its digits, sign and symbol stay in order. */
export function MoneyText({ value, symbol }: { value: string | null | undefined; symbol?: string }) {
  return (
    <bdi className="num">
      {formatDecimal(value)}
      {symbol ? ` ${symbol}` : ''}
    </bdi>
  );
}
