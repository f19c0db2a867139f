/** What the backup tools print: the file, its size and the figures it was verified by. */
import { addMoney, type Money, parseMoney, toMoneyString } from '@mizan/contract';
import type { BookFigures } from '../features/backup/bookFigures.ts';

export function describeSize(bytes: number) {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
}

export function describeFigures(figures: BookFigures) {
  const lines: string[] = [];
  const stores = [...new Set(figures.documents.map((d) => d.store_id))].sort((a, b) => a - b);
  for (const storeId of stores) {
    const documents = figures.documents
      .filter((d) => d.store_id === storeId)
      .map((d) => `${d.kind} ${d.count}`)
      .join(', ');
    lines.push(`  store ${storeId}: ${documents}`);
    const stock = figures.stock.find((s) => s.store_id === storeId);
    if (stock) {
      lines.push(
        `    stock ${stock.quantity} units, ${stock.value_at_cost} at cost, ${stock.value_at_price} at selling price`,
      );
    }
    const ledger = figures.trialBalance.filter((t) => t.store_id === storeId);
    const years = [...new Set(ledger.map((t) => t.yearId))].sort((a, b) => a - b);
    for (const yearId of years) {
      const accounts = ledger.filter((t) => t.yearId === yearId);
      const debits = sumAmounts(accounts.map((t) => t.debit));
      const credits = sumAmounts(accounts.map((t) => t.credit));
      lines.push(`    year ${yearId}: ${accounts.length} accounts, debits ${debits}, credits ${credits}`);
    }
  }
  const rows = figures.tables.reduce((total, t) => total + t.rows, 0);
  lines.push(`  ${figures.tables.length} tables, ${rows} rows`);
  return lines.join('\n');
}

function sumAmounts(values: string[]) {
  const amounts = values.map(parseMoney);
  if (amounts.some((amount) => amount === undefined)) return '(beyond the money range)';
  return toMoneyString(addMoney(...(amounts as Money[])));
}
