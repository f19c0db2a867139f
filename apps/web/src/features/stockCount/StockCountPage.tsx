import { type CountSheetLine, toMoneyString } from '@mizan/contract';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { fieldErrors } from '../../app/api.ts';
import { formatDecimal, formatQuantity } from '../../app/format.ts';
import { dateFieldLock } from '../../app/permissions.ts';
import { DateField } from '../../ui/DateField.tsx';
import { wordFieldError } from '../../ui/form/fieldText.ts';
import { IonButton, useIonAlert } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { PlainField } from '../../ui/PlainField.tsx';
import { type Column, DataTable } from '../../ui/table/DataTable.tsx';
import { useNotify } from '../../ui/useNotify.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import { today } from '../invoices/invoiceForm.ts';
import '../itemMovement/stockReports.css';
import { ItemAdder } from '../items/ItemAdder.tsx';
import { LineQuantityInput, lineItemColumn, lineNumberColumn } from '../items/lineColumns.tsx';
import { useCategories } from '../items/useItems.ts';
import {
  addLines,
  type CountLine,
  countedOf,
  differenceOf,
  equalsSystem,
  idsOf,
  lineValue,
  refreshLines,
  totalOf,
} from './countLines.ts';
import { stockCountText as text } from './stockCountText.ts';
import { readSheet, useCount, useDeleteCount, useSaveCount } from './useStockCounts.ts';

function lineColumns(
  onCount: (itemId: number, qtyReal: string) => void,
  errors: Record<number, string>,
): Column<CountLine>[] {
  return [
    lineNumberColumn(text.no),
    lineItemColumn(text.item),
    {
      id: 'system',
      header: text.system,
      amount: true,
      testId: 'count-system',
      cell: (line) => formatQuantity(line.availQty),
    },
    {
      id: 'counted',
      header: text.counted,
      amount: true,
      cell: (line) => {
        const error = errors[line.item_id] ?? (equalsSystem(line) ? wordFieldError('COUNT_EQUALS_SYSTEM') : undefined);
        return (
          <LineQuantityInput
            label={`${text.counted} ${line.item_name}`}
            marker="counted"
            value={line.qtyReal}
            error={error}
            errorTestId="count-line-error"
            onChange={(qtyReal) => onCount(line.item_id, qtyReal)}
          />
        );
      },
    },
    {
      id: 'difference',
      header: text.difference,
      amount: true,
      testId: 'count-difference',
      cell: (line) => formatQuantity(differenceOf(line)),
    },
    { id: 'cost', header: text.avgCost, amount: true, cell: (line) => formatDecimal(line.avg_cost) },
    {
      id: 'value',
      header: text.value,
      amount: true,
      cell: (line) => {
        const value = lineValue(line);
        return value === undefined ? '' : formatDecimal(toMoneyString(value));
      },
    },
  ];
}

function CategoryAdder({ storeId, onAdd }: { storeId: number; onAdd: (categoryId: number) => void }) {
  const categories = useCategories(storeId);
  const [chosen, setChosen] = useState('');
  return (
    <div className="field">
      <label htmlFor="count-category">{text.category}</label>
      <div className="inline-row">
        <select
          id="count-category"
          className="plain-input"
          value={chosen}
          onChange={(e) => setChosen(e.target.value)}
          data-testid="count-category"
        >
          <option value="">{text.chooseCategory}</option>
          {(categories.data ?? []).map((category) => (
            <option key={category.id} value={category.id}>
              {category.category_name}
            </option>
          ))}
        </select>
        <IonButton fill="outline" size="small" disabled={!chosen} onClick={() => onAdd(Number(chosen))}>
          {text.addCategory}
        </IonButton>
      </div>
    </div>
  );
}

/**
 * The stock count (folder/tswia; folder/edit-tswia?id=N edits a saved one): items picked by search, by scanning, or
 * every item of a category (or `?items=1,2,3` from the stock list), each with the system quantity at the count's
 * date filled in by the server; the counted quantity typed (any digits); the difference and its value at the
 * average cost. The server refuses a line with no difference (shown on the line) and lists every refusal at once.
 */
export default function StockCountPage({ title }: { title: string }) {
  const { storeId, user } = useSession();
  const navigate = useNavigate();
  const notify = useNotify();
  const [confirm] = useIonAlert();
  const [params] = useSearchParams();
  const payId = Number(params.get('id')) || undefined;
  const saved = useCount(storeId, payId);
  const save = useSaveCount(storeId);
  const remove = useDeleteCount(storeId);
  const [date, setDate] = useState(today());
  const [comment, setComment] = useState('');
  const [lines, setLines] = useState<CountLine[]>([]);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const linesNow = useRef(lines);
  linesNow.current = lines;
  const place = { pay_date: date, pay_id: payId, pay_time: saved.data?.pay_time };

  const add = async (which: { item_ids?: number[]; category_id?: number }) => {
    try {
      const sheet: CountSheetLine[] = await readSheet(storeId, { ...place, ...which });
      setLines((current) => addLines(current, sheet));
    } catch (error) {
      notify.failed(error);
    }
  };

  // A saved count opens with its lines, the system quantity read again at its own place.
  const loadedId = useRef<number>(undefined);
  useEffect(() => {
    const count = saved.data;
    if (!count || loadedId.current === count.pay_id) return;
    loadedId.current = count.pay_id;
    setDate(count.pay_date);
    setComment(count.payComment ?? '');
    void readSheet(storeId, {
      pay_date: count.pay_date,
      pay_time: count.pay_time,
      pay_id: count.pay_id,
      item_ids: count.items.map((line) => line.item_id),
    }).then((sheet) => {
      const counted = new Map(count.items.map((line) => [line.item_id, line.qtyReal]));
      const byId = new Map(sheet.map((item) => [item.item_id, item]));
      // In the count's own line order.
      const ordered = count.items.flatMap((line) => byId.get(line.item_id) ?? []);
      setLines(addLines([], ordered).map((line) => ({ ...line, qtyReal: formatCounted(counted.get(line.item_id)) })));
    }, notify.failed);
  }, [saved.data, storeId, notify.failed]);

  // Items handed over by another screen (the stock list's selected rows), read once when the screen opens with them
  // at the date it opens with.
  const prefilled = params.get('items');
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per address, not again when `add` is redrawn
  useEffect(() => {
    const ids = idsOf(prefilled);
    if (ids.length && payId === undefined) void add({ item_ids: ids });
  }, [prefilled, payId]);

  // Another date: every line's system quantity and average read again at it, what was typed kept.
  const readAt = useRef(date);
  useEffect(() => {
    if (readAt.current === date) return;
    readAt.current = date;
    const ids = linesNow.current.map((line) => line.item_id);
    if (!ids.length) return;
    readSheet(storeId, { pay_date: date, pay_id: payId, pay_time: saved.data?.pay_time, item_ids: ids }).then(
      (sheet) => setLines((current) => refreshLines(current, sheet)),
      notify.failed,
    );
  }, [date, storeId, payId, saved.data?.pay_time, notify.failed]);

  const onCount = (itemId: number, qtyReal: string) => {
    setLines((current) => current.map((line) => (line.item_id === itemId ? { ...line, qtyReal } : line)));
    setErrors(({ [itemId]: _, ...rest }) => rest);
  };
  const removeLine = (itemId: number) => setLines((current) => current.filter((line) => line.item_id !== itemId));

  const reset = () => {
    setLines([]);
    setErrors({});
    setComment('');
  };
  const submit = () => {
    if (!lines.length) return notify.refused(text.noLines);
    const uncounted = lines.filter((line) => countedOf(line) === undefined);
    if (uncounted.length) {
      setErrors(Object.fromEntries(uncounted.map((line) => [line.item_id, text.uncounted])));
      return notify.refused(text.uncounted);
    }
    const sent = lines.map((line) => ({ item_id: line.item_id, qtyReal: countedOf(line) ?? '' }));
    save.mutate(
      { header: { pay_date: date, payComment: comment.trim() || undefined }, items: sent, payId },
      {
        onSuccess: (count) => {
          notify.done(`${text.saved} ${count?.pay_ref ?? ''}`);
          if (payId === undefined) reset();
          else navigate('/folder/tswia-record');
        },
        onError: (error) => {
          // Every refused line at once, each on its line (`items.<i>.qtyReal`), in words.
          const byLine: Record<number, string> = {};
          for (const [field, code] of Object.entries(fieldErrors(error))) {
            const index = /^items\.(\d+)\./.exec(field)?.[1];
            const line = index === undefined ? undefined : sent[Number(index)];
            if (line) byLine[line.item_id] = wordFieldError(code, text.counted);
          }
          setErrors(byLine);
          notify.failed(error);
        },
      },
    );
  };
  const askDelete = () =>
    payId !== undefined &&
    confirm({
      message: text.confirmDelete,
      buttons: [
        { text: text.cancel, role: 'cancel' },
        {
          text: text.ok,
          handler: () =>
            remove.mutate(payId, {
              onSuccess: () => {
                notify.done(text.deleted);
                navigate('/folder/tswia-record');
              },
              onError: notify.failed,
            }),
        },
      ],
    });

  const total = totalOf(lines);
  return (
    <Page title={saved.data ? `${title} ${saved.data.pay_ref}` : title}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="invoice-header">
          <DateField
            label={text.date}
            name="pay_date"
            value={date}
            onChange={setDate}
            {...dateFieldLock(user, 'stockCount')}
          />
          <PlainField label={text.comment} grow value={comment} onChange={(e) => setComment(e.target.value)} />
        </div>
        <div className="invoice-header">
          <ItemAdder
            storeId={storeId}
            label={text.search}
            notFound={text.notFound}
            testId="count-item-search"
            onAdd={(item) => void add({ item_ids: [item.id] })}
          />
          <CategoryAdder storeId={storeId} onAdd={(categoryId) => void add({ category_id: categoryId })} />
        </div>
        <DataTable
          columns={lineColumns(onCount, errors)}
          rows={lines}
          rowKey={(line) => line.item_id}
          testId="count-lines"
          empty={text.empty}
          actions={(line) => (
            <button
              type="button"
              className="plain-button danger"
              onClick={() => removeLine(line.item_id)}
              aria-label={text.remove}
            >
              ×
            </button>
          )}
        />
        <div className="summary-cards">
          <div className="summary-card">
            <span>{text.lines}</span>
            <strong>
              <bdi className="num">{lines.length}</bdi>
            </strong>
          </div>
          <div className="summary-card" title={text.totalHint}>
            <span>{text.total}</span>
            <strong>
              <bdi className="num" data-testid="count-total">
                {formatDecimal(total)}
              </bdi>
            </strong>
          </div>
        </div>
        <div className="form-actions">
          <IonButton type="submit" disabled={save.isPending} data-testid="save-count">
            {text.save}
          </IonButton>
          {payId !== undefined && (
            <IonButton color="danger" fill="outline" onClick={askDelete} data-testid="delete-count">
              {text.delete}
            </IonButton>
          )}
        </div>
      </form>
    </Page>
  );
}

/** A saved counted quantity as it is typed ("15.000" → "15"). */
const formatCounted = (quantity: string | undefined) => (quantity ? formatQuantity(quantity).replace(/,/g, '') : '');
