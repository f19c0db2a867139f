import { normalizeNumberInput } from '@mizan/contract';
import { useState } from 'react';
import { formatDecimal } from '../../app/format.ts';
import { IonButton, IonInput, IonLabel, IonSegment, IonSegmentButton } from '../../ui/ionic.ts';
import { priceWithMargin } from './itemFormValues.ts';
import { itemsText } from './itemsText.ts';

const PRESETS = ['2', '5', '10', '15', '20', '25'];

/** A price the selling price can be set from: the item's purchase price, its last purchase, its average cost. */
export type CostBase = { key: 'perch' | 'last' | 'avg'; price: string };

/**
 * Sets the selling price from a cost plus a margin (a preset or a custom ± %), with a preview. The cost is the
 * purchase price typed on the item unless another is chosen (the last purchase price, the moving-average cost:
 * issue 35), and the title says which one it is.
 */
export function SellingPriceCalculator({
  bases,
  onPrice,
}: {
  /** The first is the default; only those with a price are offered. */
  bases: CostBase[];
  onPrice: (price: string) => void;
}) {
  const [custom, setCustom] = useState('');
  const offered = bases.filter((base) => base.price);
  const [chosen, setChosen] = useState<CostBase['key']>();
  const base = offered.find((b) => b.key === chosen) ?? offered[0] ?? bases[0];
  const cost = base?.price ?? '';
  const preview = priceWithMargin(cost, custom);
  return (
    <fieldset className="price-calculator">
      <legend className="price-calculator-title">
        {itemsText.costs.calculatorFrom(itemsText.costs.base[base?.key ?? 'perch'])}
      </legend>
      {offered.length > 1 && (
        <IonSegment
          className="price-calculator-base"
          value={base?.key}
          onIonChange={(e) => setChosen(e.detail.value as CostBase['key'])}
        >
          {offered.map((b) => (
            <IonSegmentButton key={b.key} value={b.key}>
              <IonLabel>
                {itemsText.costs.base[b.key]} <bdi className="num">{formatDecimal(b.price)}</bdi>
              </IonLabel>
            </IonSegmentButton>
          ))}
        </IonSegment>
      )}
      <div className="price-calculator-presets">
        {PRESETS.map((margin) => {
          const price = priceWithMargin(cost, margin);
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
