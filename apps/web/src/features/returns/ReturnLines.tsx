import type { UseFormReturn } from 'react-hook-form';
import { formatDecimal } from '../../app/format.ts';
import { wordFieldError } from '../../ui/form/fieldText.ts';
import { lineAmount, type ReturnFormLine, type ReturnFormValues } from './returnForm.ts';
import type { ReturnScreen } from './returnScreens.ts';
import { returnsText as text } from './returnsText.ts';

/** A line's refusal in words: past what is left or above the price allowed, with the figure of this line. */
function lineError(code: string | undefined, line: ReturnFormLine) {
  if (code === 'RETURN_EXCEEDS_REMAINING') return text.atMost(line.max);
  if (code === 'RETURN_PRICE_ABOVE_ORIGINAL') return text.priceAtMost(formatDecimal(line.net_price));
  return wordFieldError(code);
}

/**
 * The original's lines: what it had, what came back already, what can still come back, and this return's
 * quantity and price (typed in any digits; Enter moves along the row, then to the next row's quantity).
 */
export function ReturnLines({
  form,
  screen,
}: {
  form: UseFormReturn<ReturnFormValues, unknown, unknown>;
  screen: ReturnScreen;
}) {
  const lines = form.watch('lines');
  const { errors } = form.formState;
  return (
    <div className="table-scroll">
      <table className="data-table invoice-lines" data-testid="return-lines">
        <thead>
          <tr>
            <th>{text.item}</th>
            <th className="amount">{screen.quantityLabel}</th>
            <th className="amount">{text.returnedAlready}</th>
            <th className="amount">{text.canReturn}</th>
            <th className="amount">{text.originalPrice}</th>
            <th className="amount">{text.returnQuantity}</th>
            <th className="amount">{text.returnPrice}</th>
            <th className="amount">{text.lineTotal}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => {
            const quantityError = lineError(errors.lines?.[index]?.quantity?.message, line);
            const priceError = lineError(errors.lines?.[index]?.return_price?.message, line);
            return (
              <tr key={line.item_id} data-item={line.item_name}>
                <td data-label={text.item}>
                  <bdi>{line.item_name}</bdi>
                </td>
                <td data-label={screen.quantityLabel} className="amount">
                  <bdi className="num">{line.sold}</bdi>
                </td>
                <td data-label={text.returnedAlready} className="amount" data-testid="returned-already">
                  <bdi className="num">{line.returned}</bdi>
                </td>
                <td data-label={text.canReturn} className="amount" data-testid="can-return">
                  <bdi className="num">{line.max}</bdi>
                </td>
                <td data-label={text.originalPrice} className="amount">
                  <bdi className="num">{formatDecimal(line.original_price)}</bdi>
                </td>
                <td data-label={text.returnQuantity} className="amount">
                  <input
                    className="plain-input cell-input"
                    aria-label={text.returnQuantity}
                    inputMode="decimal"
                    dir="ltr"
                    aria-invalid={quantityError ? true : undefined}
                    {...form.register(`lines.${index}.quantity`)}
                  />
                  {quantityError && <div className="field-error">{quantityError}</div>}
                </td>
                <td data-label={text.returnPrice} className="amount">
                  <input
                    className="plain-input cell-input"
                    aria-label={text.returnPrice}
                    inputMode="decimal"
                    dir="ltr"
                    aria-invalid={priceError ? true : undefined}
                    {...form.register(`lines.${index}.return_price`)}
                  />
                  {priceError && <div className="field-error">{priceError}</div>}
                </td>
                <td data-label={text.lineTotal} className="amount">
                  <bdi className="num">{formatDecimal(lineAmount(line))}</bdi>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
