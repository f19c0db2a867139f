import { type AnswerOf, routes } from '@mizan/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../app/api.ts';
import { formatDecimal } from '../../app/format.ts';
import { refreshStore } from '../../app/queryClient.ts';
import { FormField } from '../../ui/FormField.tsx';
import {
  IonButton,
  IonButtons,
  IonContent,
  IonHeader,
  IonLabel,
  IonList,
  IonModal,
  IonSegment,
  IonSegmentButton,
  IonTitle,
  IonToolbar,
} from '../../ui/ionic.ts';
import { type Column, DataTable } from '../../ui/table/DataTable.tsx';
import { useNotify } from '../../ui/useNotify.ts';
import { itemsText } from './itemsText.ts';

const text = itemsText.priceChange;

type Preview = AnswerOf<typeof routes.items.previewPriceChange>;
type PricePreviewRow = Preview['data'][number];

/** An old price and its new one, read right to left: the arrow points the way an Arabic reader reads. */
const priceChange = (before: string, after: string) => (
  <span className="price-change">
    <bdi className="num">{formatDecimal(before)}</bdi> ← <bdi className="num">{formatDecimal(after)}</bdi>
  </span>
);

const previewColumns: Column<PricePreviewRow>[] = [
  { id: 'item_name', header: itemsText.fields.item_name, cell: (row) => row.item_name },
  {
    id: 'pay_price',
    header: itemsText.fields.pay_price,
    amount: true,
    cell: (row) => priceChange(row.pay_price, row.new_pay_price),
  },
  {
    id: 'perch_price',
    header: itemsText.fields.perch_price,
    amount: true,
    cell: (row) => priceChange(row.perch_price, row.new_perch_price),
  },
];

/** A bulk price change of every item (or of the selected category): preview first, then apply in one go. */
export function PriceChangeModal({
  storeId,
  open,
  categoryId,
  onClose,
}: {
  storeId: number;
  open: boolean;
  categoryId?: string;
  onClose: () => void;
}) {
  const [direction, setDirection] = useState<'increase' | 'decrease'>('increase');
  const [mode, setMode] = useState<'amount' | 'percent'>('percent');
  const [payval, setPayval] = useState('0');
  const [perchval, setPerchval] = useState('0');
  const [preview, setPreview] = useState<Preview | undefined>();
  const notify = useNotify();
  const body = {
    payval,
    perchval,
    mode,
    store_id: storeId,
    ...(categoryId && categoryId !== 'all' ? { category_id: Number(categoryId) } : {}),
  };

  const previewCall = useMutation({
    mutationFn: async () => setPreview(await call(routes.items.previewPriceChange, { body, query: { direction } })),
    onError: notify.failed,
  });
  const apply = useMutation({
    mutationFn: async () => (await call(routes.items[`${direction}Price`], { body })).data,
    onSuccess: ([result]) => {
      notify.done(text.done(result?.updated ?? 0));
      void refreshStore(storeId);
      setPreview(undefined);
      onClose();
    },
    onError: notify.failed,
  });

  return (
    <IonModal isOpen={open} onDidDismiss={onClose} className="wide-modal">
      <IonHeader>
        <IonToolbar color="primary">
          <IonTitle>{itemsText.prices}</IonTitle>
          <IonButtons slot="end">
            <IonButton onClick={onClose}>{itemsText.close}</IonButton>
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        <p className="notice">{text.scope(body.category_id ? String(body.category_id) : undefined)}</p>
        <IonSegment
          value={direction}
          onIonChange={(e) => {
            setDirection(e.detail.value as 'increase');
            setPreview(undefined);
          }}
        >
          <IonSegmentButton value="increase">
            <IonLabel>{text.direction.increase}</IonLabel>
          </IonSegmentButton>
          <IonSegmentButton value="decrease">
            <IonLabel>{text.direction.decrease}</IonLabel>
          </IonSegmentButton>
        </IonSegment>
        <IonSegment
          value={mode}
          onIonChange={(e) => {
            setMode(e.detail.value as 'amount');
            setPreview(undefined);
          }}
        >
          <IonSegmentButton value="percent">
            <IonLabel>{text.mode.percent}</IonLabel>
          </IonSegmentButton>
          <IonSegmentButton value="amount">
            <IonLabel>{text.mode.amount}</IonLabel>
          </IonSegmentButton>
        </IonSegment>
        <IonList>
          <FormField
            name="payval"
            label={text.payval}
            value={payval}
            digits="number"
            onChange={(v) => {
              setPayval(v);
              setPreview(undefined);
            }}
          />
          <FormField
            name="perchval"
            label={text.perchval}
            value={perchval}
            digits="number"
            onChange={(v) => {
              setPerchval(v);
              setPreview(undefined);
            }}
          />
        </IonList>
        <IonButton expand="block" fill="outline" onClick={() => previewCall.mutate()} data-testid="price-preview">
          {text.preview}
        </IonButton>
        {preview && (
          <>
            <p>{text.affected(preview.total)}</p>
            {preview.notPositive > 0 && <p className="field-error">{text.notPositive(preview.notPositive)}</p>}
            <DataTable
              columns={previewColumns}
              rows={preview.data}
              rowKey={(row) => row.item_id}
              testId="price-preview-table"
              empty={text.noneAffected}
            />
            <IonButton
              expand="block"
              onClick={() => apply.mutate()}
              disabled={preview.notPositive > 0 || apply.isPending}
              data-testid="price-apply"
            >
              {text.apply}
            </IonButton>
          </>
        )}
      </IonContent>
    </IonModal>
  );
}
