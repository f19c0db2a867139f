/** Till shifts (docs/shifts.md): open, the current one, paid in and out, close, reopen, one shift's report, the record. */
import { dataOf, pageOf } from './envelope.ts';
import {
  Shift,
  ShiftByIdQuery,
  ShiftCashMoveBody,
  ShiftCloseBody,
  ShiftCurrentQuery,
  ShiftListQuery,
  ShiftOpenBody,
  ShiftReopenBody,
  ShiftReport,
} from './shifts.ts';

export const shiftsEndpoints = {
  shift: {
    open: { method: 'POST', path: 'shift/open', body: ShiftOpenBody, response: dataOf(ShiftReport) },
    current: { method: 'GET', path: 'shift/current', query: ShiftCurrentQuery, response: dataOf(ShiftReport) },
    cashMove: { method: 'POST', path: 'shift/cashMove', body: ShiftCashMoveBody, response: dataOf(ShiftReport) },
    close: { method: 'POST', path: 'shift/close', body: ShiftCloseBody, response: dataOf(ShiftReport) },
    reopen: { method: 'POST', path: 'shift/reopen', body: ShiftReopenBody, response: dataOf(ShiftReport) },
    readById: { method: 'GET', path: 'shift/readById', query: ShiftByIdQuery, response: dataOf(ShiftReport) },
    list: { method: 'GET', path: 'shift/list', query: ShiftListQuery, response: pageOf(Shift) },
  },
} as const;
