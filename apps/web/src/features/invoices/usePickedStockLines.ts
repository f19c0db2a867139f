import { type Dispatch, type SetStateAction, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { stockLinesIn } from '../stock/stockSelection.ts';
import type { DocumentScreen } from './documentScreens.ts';
import { addLine, type DraftInvoice } from './invoiceForm.ts';

/**
 * Items picked in item-stock come as lines of a new invoice (navigation state `stockLines`), at the screen's price,
 * once per visit: the state is then cleared, so going back and forth (or an effect run twice) does not add them
 * again.
 */
export function usePickedStockLines(
  price: DocumentScreen['price'],
  setInvoice: Dispatch<SetStateAction<DraftInvoice>>,
) {
  const location = useLocation();
  const navigate = useNavigate();
  const takenFrom = useRef<string | undefined>(undefined);
  useEffect(() => {
    const picked = stockLinesIn(location.state);
    if (picked.length === 0 || takenFrom.current === location.key) return;
    takenFrom.current = location.key;
    setInvoice((current) =>
      picked.reduce(
        (draft, line) =>
          addLine(draft, {
            item_id: line.item_id,
            item_name: line.item_name,
            quantity: line.quantity,
            price: line[price],
            stock: line.stock,
            tax: line.tax,
          }),
        current,
      ),
    );
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location, price, navigate, setInvoice]);
}
