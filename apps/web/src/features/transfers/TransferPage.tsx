import { fromMilli, messagesAr, routes, toMilli } from '@mizan/contract';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { call, fieldErrors } from '../../app/api.ts';
import { formatQuantity } from '../../app/format.ts';
import { dateFieldLock } from '../../app/permissions.ts';
import { DateField } from '../../ui/DateField.tsx';
import { wordFieldError } from '../../ui/form/fieldText.ts';
import { IonButton } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { PlainField } from '../../ui/PlainField.tsx';
import { useNotify } from '../../ui/useNotify.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import { today } from '../invoices/invoiceForm.ts';
import { ItemAdder } from '../items/ItemAdder.tsx';
import '../itemMovement/stockReports.css';
import { useStores } from '../settings/useSettings.ts';
import { TransferLinesTable } from './TransferLinesTable.tsx';
import { addItem, type DraftLine, transferItems, trimmed } from './transferLines.ts';
import { transfersText as text } from './transfersText.ts';
import { useShortageAlert } from './useShortageAlert.ts';
import { useSaveTransfer, useTransfer } from './useTransfers.ts';

/**
 * The transfer (folder/transfer; folder/edit-transfer?id=N edits one nothing of which was received): the receiving
 * store, the date and a note; items picked by search or scanned (a second scan is one more), each with what the
 * sending store holds; the quantities typed in any digits. Saved, it opens the transfer with its print.
 */
export default function TransferPage({ title }: { title: string }) {
  const { storeId, user } = useSession();
  const navigate = useNavigate();
  const notify = useNotify();
  const shortage = useShortageAlert();
  const [params] = useSearchParams();
  const payId = Number(params.get('id')) || undefined;
  const saved = useTransfer(storeId, payId);
  const save = useSaveTransfer(storeId);
  const stores = (useStores().data ?? []).filter((store) => store.id !== storeId);
  const [toStore, setToStore] = useState('');
  const [date, setDate] = useState(today());
  const [note, setNote] = useState('');
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  // A saved transfer opens with its lines, each with what the store holds now plus what the transfer took.
  const loadedId = useRef<number>(undefined);
  useEffect(() => {
    const transfer = saved.data;
    if (!transfer || loadedId.current === transfer.pay_id) return;
    loadedId.current = transfer.pay_id;
    setToStore(String(transfer.to_store_id));
    setDate(transfer.transfer_date);
    setNote(transfer.note ?? '');
    Promise.all(
      transfer.lines.map(async (line) => {
        const [item] = (
          await call(routes.items.readItemByIdQty, { query: { store_id: storeId, id: line.from_item_id } })
        ).data;
        return {
          item_id: line.from_item_id,
          item_name: line.item_name,
          part_no: line.part_no,
          // What it may send again: what it holds now and what this transfer took out.
          on_hand: fromMilli(toMilli(item?.quantity ?? '0') + toMilli(line.quantity)),
          quantity: trimmed(line.quantity),
        };
      }),
    ).then(setLines, notify.failed);
  }, [saved.data, storeId, notify.failed]);

  const setQuantity = (itemId: number, quantity: string) => {
    setLines((current) => current.map((line) => (line.item_id === itemId ? { ...line, quantity } : line)));
    setErrors(({ [itemId]: _, ...rest }) => rest);
  };
  const submit = () => {
    if (!toStore) {
      setErrors({ to_store_id: text.noStore });
      return notify.refused(text.noStore);
    }
    if (!lines.length) return notify.refused(text.noLines);
    const items = transferItems(lines);
    if (!items.ok) {
      setErrors(Object.fromEntries(items.invalid.map((id) => [id, text.badQuantity])));
      return notify.refused(text.badQuantity);
    }
    const header = { to_store_id: Number(toStore), transfer_date: date, note: note.trim() || undefined };
    save.mutate(
      { header, items: items.items, payId },
      {
        onSuccess: (transfer) => {
          notify.done(`${text.saved} ${transfer.pay_ref}`);
          navigate(`/folder/transfer-view?id=${transfer.pay_id}`);
        },
        onError: (error) => {
          // Each refusal on its field or line (`items.<i>.quantity`, `transfer.transfer_date`, `to_store_id`).
          const shown: Record<string, string> = {};
          for (const [field, code] of Object.entries(fieldErrors(error))) {
            const index = /^items\.(\d+)\./.exec(field)?.[1];
            const line = index === undefined ? undefined : items.items[Number(index)];
            const key = line ? String(line.item_id) : (field.split('.').pop() ?? field);
            shown[key] = wordFieldError(code, line ? text.quantity : undefined);
          }
          setErrors(shown);
          if (!shortage(error)) notify.failed(error);
        },
      },
    );
  };

  return (
    <Page title={saved.data ? `${title} ${saved.data.pay_ref}` : title}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {/* Opened by its address after a receipt: said at once (the server refuses the save with the same words). */}
        {saved.data && saved.data.receipts.length > 0 && (
          <p className="empty refused" role="alert" data-testid="transfer-received-note">
            {messagesAr.TRANSFER_RECEIVED}
          </p>
        )}
        <div className="invoice-header">
          <label className="field">
            <span>{text.toStore}</span>
            <select
              className="plain-input"
              name="to_store_id"
              data-testid="transfer-to-store"
              value={toStore}
              aria-invalid={errors.to_store_id ? true : undefined}
              onChange={(e) => {
                setToStore(e.target.value);
                setErrors(({ to_store_id: _, ...rest }) => rest);
              }}
            >
              <option value="">{text.chooseStore}</option>
              {stores.map((store) => (
                <option key={store.id} value={store.id}>
                  {store.store_name}
                </option>
              ))}
            </select>
            {errors.to_store_id && <small className="field-error">{errors.to_store_id}</small>}
          </label>
          <DateField
            label={text.date}
            name="transfer_date"
            value={date}
            onChange={setDate}
            {...dateFieldLock(user, 'transfer')}
          />
          <PlainField label={text.note} name="note" grow value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
        {errors.transfer_date && <p className="field-error">{errors.transfer_date}</p>}
        <div className="invoice-header">
          <ItemAdder
            storeId={storeId}
            label={text.search}
            notFound={text.notFound}
            testId="transfer-item-search"
            onAdd={(item) => setLines((current) => addItem(current, item))}
          />
        </div>
        <TransferLinesTable
          lines={lines}
          errors={errors}
          onQuantity={setQuantity}
          onRemove={(itemId) => setLines((current) => current.filter((line) => line.item_id !== itemId))}
        />
        <div className="summary-cards">
          <div className="summary-card">
            <span>{text.lines}</span>
            <strong>
              <bdi className="num">{formatQuantity(String(lines.length))}</bdi>
            </strong>
          </div>
        </div>
        <div className="form-actions">
          <IonButton type="submit" disabled={save.isPending} data-testid="save-transfer">
            {text.save}
          </IonButton>
        </div>
      </form>
    </Page>
  );
}
