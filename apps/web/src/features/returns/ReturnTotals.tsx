import type { UseFormReturn } from 'react-hook-form';
import { formatDecimal } from '../../app/format.ts';
import { PlainField } from '../../ui/PlainField.tsx';
import { type ReturnFormValues, returnFigures } from './returnForm.ts';
import type { ReturnScreen } from './returnScreens.ts';
import { returnsText as text } from './returnsText.ts';

/** The return's total, the money refunded now (cash box or bank) and what comes off the party's balance. */
export function ReturnTotals({
  form,
  screen,
}: {
  form: UseFormReturn<ReturnFormValues, unknown, unknown>;
  screen: ReturnScreen;
}) {
  const figures = returnFigures({ lines: form.watch('lines'), pay: form.watch('pay') });
  return (
    <div className="invoice-totals">
      <div className="total-figure">
        <span>{text.total}</span>
        <bdi className="num" data-testid="return-total">
          {formatDecimal(figures.total)}
        </bdi>
      </div>
      <PlainField label={screen.refundLabel} inputMode="decimal" dir="ltr" {...form.register('pay')} />
      <label className="field">
        <span>{text.method}</span>
        <select className="plain-input" {...form.register('return_method')}>
          <option value="">{text.cash}</option>
          <option value="bank">{text.bank}</option>
        </select>
      </label>
      <div className="total-figure">
        <span>{text.remaining}</span>
        <bdi className="num" data-testid="return-remaining">
          {formatDecimal(figures.remaining)}
        </bdi>
      </div>
    </div>
  );
}
