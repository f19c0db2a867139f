import type { UseFormReturn } from 'react-hook-form';
import { formatDecimal } from '../../app/format.ts';
import { wordFieldError } from '../../ui/form/fieldText.ts';
import { type Column, DataTable } from '../../ui/table/DataTable.tsx';
import { lineAmount, type ReturnFormLine, type ReturnFormValues } from './returnForm.ts';
import type { ReturnScreen } from './returnScreens.ts';
import { returnsText as text } from './returnsText.ts';

type ReturnForm = UseFormReturn<ReturnFormValues, unknown, unknown>;

/** A line's refusal in words: past what is left or above the price allowed, with the figure of this line. */
function lineError(code: string | undefined, line: ReturnFormLine) {
  if (code === 'RETURN_EXCEEDS_REMAINING') return text.atMost(line.max);
  if (code === 'RETURN_PRICE_ABOVE_ORIGINAL') return text.priceAtMost(formatDecimal(line.net_price));
  return wordFieldError(code);
}

/** The columns of the lines: what the original had, then this return's quantity and price, each with its error. */
function lineColumns(form: ReturnForm, screen: ReturnScreen): Column<ReturnFormLine>[] {
  const { errors } = form.formState;
  const input = (field: 'quantity' | 'return_price', label: string) => (line: ReturnFormLine, index: number) => {
    const error = lineError(errors.lines?.[index]?.[field]?.message, line);
    return (
      <>
        <input
          className="plain-input cell-input"
          aria-label={label}
          inputMode="decimal"
          dir="ltr"
          aria-invalid={error ? true : undefined}
          {...form.register(`lines.${index}.${field}`)}
        />
        {error && <div className="field-error">{error}</div>}
      </>
    );
  };
  return [
    { id: 'item', header: text.item, cell: (line) => line.item_name },
    { id: 'sold', header: screen.quantityLabel, amount: true, cell: (line) => line.sold },
    {
      id: 'returned',
      header: text.returnedAlready,
      amount: true,
      testId: 'returned-already',
      cell: (line) => line.returned,
    },
    { id: 'max', header: text.canReturn, amount: true, testId: 'can-return', cell: (line) => line.max },
    {
      id: 'original_price',
      header: text.originalPrice,
      amount: true,
      cell: (line) => formatDecimal(line.original_price),
    },
    { id: 'quantity', header: text.returnQuantity, amount: true, cell: input('quantity', text.returnQuantity) },
    { id: 'return_price', header: text.returnPrice, amount: true, cell: input('return_price', text.returnPrice) },
    { id: 'total', header: text.lineTotal, amount: true, cell: (line) => formatDecimal(lineAmount(line)) },
  ];
}

/**
 * The original's lines: what it had, what came back already, what can still come back, and this return's
 * quantity and price (typed in any digits; Enter moves along the row, then to the next row's quantity).
 */
export function ReturnLines({ form, screen }: { form: ReturnForm; screen: ReturnScreen }) {
  return (
    <DataTable
      columns={lineColumns(form, screen)}
      rows={form.watch('lines')}
      rowKey={(line) => line.item_id}
      testId="return-lines"
    />
  );
}
