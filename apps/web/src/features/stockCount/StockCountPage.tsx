import { type CountSheetLine, normalizeNumberInput, routes, toMoneyString } from '@mizan/contract';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { call, fieldErrors } from '../../app/api.ts';
import { formatDecimal, formatQuantity } from '../../app/format.ts';
import { dateFieldLock } from '../../app/permissions.ts';
import { DateField } from '../../ui/DateField.tsx';
import { wordFieldError } from '../../ui/form/fieldText.ts';
import { IonButton, useIonAlert } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';
import { PlainField } from '../../ui/PlainField.tsx';
import { searchTerm } from '../../ui/searchTerm.ts';
import { type Column, DataTable } from '../../ui/table/DataTable.tsx';
import { useDebounced } from '../../ui/useDebounced.ts';
import { useNotify } from '../../ui/useNotify.ts';
import { useSession } from '../auth/AuthProvider.tsx';
import { today } from '../invoices/invoiceForm.ts';
import { type ItemWithStock, useItemSearch } from '../invoices/useSales.ts';
import '../itemMovement/stockReports.css';
import { comboboxOf, ItemResults } from '../items/ItemResults.tsx';
import { ItemSearchButton } from '../items/ItemSearchButton.tsx';
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

/** Enter in a counted quantity goes to the next line's, from the last back to the search. */
function enterInCount(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  const inputs = [...(event.currentTarget.form?.querySelectorAll<HTMLInputElement>('input[data-counted]') ?? [])];
  const next =
    inputs[inputs.indexOf(event.currentTarget) + 1] ?? event.currentTarget.form?.elements.namedItem('item_search');
  if (next instanceof HTMLInputElement) {
    next.focus();
    next.select();
  }
}

function lineColumns(
  onCount: (itemId: number, qtyReal: string) => void,
  errors: Record<number, string>,
): Column<CountLine>[] {
  return [
    { id: 'no', header: text.no, cell: (_, index) => <bdi className="num">{index + 1}</bdi> },
    {
      id: 'item',
      header: text.item,
      cell: (line) => (
        <>
          {line.item_name} {line.part_no && <bdi className="num">{line.part_no}</bdi>}
        </>
      ),
    },
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
          <>
            <input
              className="plain-input cell-input"
              aria-label={`${text.counted} ${line.item_name}`}
              data-counted
              inputMode="decimal"
              value={line.qtyReal}
              aria-invalid={error ? true : undefined}
              onChange={(e) => onCount(line.item_id, normalizeNumberInput(e.target.value))}
              onKeyDown={enterInCount}
            />
            {error && (
              <small className="field-error" data-testid="count-line-error">
                {error}
              </small>
            )}
          </>
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

/** Finds an item by name, code or barcode; Enter on an exact code or barcode (a scanner's) adds it at once. */
function CountItemSearch({ storeId, onAdd }: { storeId: number; onAdd: (ids: number[]) => void }) {
  const notify = useNotify();
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const debounced = useDebounced(term, 150);
  const search = useItemSearch(storeId, debounced);
  const results = debounced === term ? (search.data ?? []).slice(0, 8) : [];
  const add = (item: ItemWithStock) => {
    onAdd([item.id]);
    setTerm('');
    setActive(0);
  };
  async function enter() {
    const wanted = term.trim();
    if (!wanted) return;
    // A scanner sends Enter right after the code, before the list has loaded: ask for it now.
    const list = results.length
      ? results
      : (await call(routes.items.searchStock, { query: { store_id: storeId, search: wanted } })).data;
    const item = list.find((i) => i.part_no === wanted || i.item_parcode === wanted) ?? list[active];
    if (item) add(item);
    else notify.refused(text.notFound);
  }
  function onKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') setActive((i) => Math.min(i + 1, results.length - 1));
    else if (event.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
    else if (event.key === 'Enter') void enter();
    else return;
    event.preventDefault();
  }
  return (
    <div className="field grow">
      <label htmlFor={`${listId}-input`}>{text.search}</label>
      <input
        id={`${listId}-input`}
        name="item_search"
        className="plain-input"
        autoComplete="off"
        data-testid="count-item-search"
        {...comboboxOf(listId, results, active)}
        value={term}
        onChange={(e) => {
          setTerm(searchTerm(e.target.value));
          setActive(0);
        }}
        onKeyDown={onKey}
      />
      <ItemResults
        listId={listId}
        results={results}
        active={active}
        onPick={add}
        details={(item) => <bdi className="num">{item.item_parcode}</bdi>}
      />
      <ItemSearchButton storeId={storeId} onPick={add} />
    </div>
  );
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
          <CountItemSearch storeId={storeId} onAdd={(ids) => void add({ item_ids: ids })} />
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
