import { normalizeNumberInput } from '@mizan/contract';
import { useState } from 'react';
import { formatDecimal } from '../../app/format.ts';
import { IonButton, IonInput } from '../../ui/ionic.ts';
import { priceWithMargin } from './itemFormValues.ts';
import { itemsText } from './itemsText.ts';

const PRESETS = ['2', '5', '10', '15', '20', '25'];

/** Sets the selling price from the purchase price plus a margin (a preset or a custom ± %), with a preview. */
export function SellingPriceCalculator({
  perchPrice,
  onPrice,
}: {
  perchPrice: string;
  onPrice: (price: string) => void;
}) {
  const [custom, setCustom] = useState('');
  const preview = priceWithMargin(perchPrice, custom);
  return (
    <fieldset className="price-calculator">
      <legend className="price-calculator-title">{itemsText.calculator}</legend>
      <div className="price-calculator-presets">
        {PRESETS.map((margin) => {
          const price = priceWithMargin(perchPrice, margin);
          return (
            <IonButton
              key={margin}
              size="small"
              fill="outline"
              disabled={!price}
              onClick={() => price && onPrice(price)}
            >
              <bdi className="num">+{margin}%</bdi>
            </IonButton>
          );
        })}
      </div>
      <div className="price-calculator-custom">
        <IonInput
          aria-label={itemsText.customMargin}
          placeholder={itemsText.customMargin}
          inputmode="decimal"
          dir="auto"
          value={custom}
          onIonInput={(e) => setCustom(normalizeNumberInput(String(e.detail.value ?? '')))}
        />
        <IonButton size="small" disabled={!preview} onClick={() => preview && onPrice(preview)}>
          {preview ? <bdi className="num">{formatDecimal(preview)}</bdi> : '—'}
        </IonButton>
      </div>
    </fieldset>
  );
}
