/** Stock transfers between stores (docs/transfers.md): send, edit, delete, receive (or send back), one, the record. */
import { dataOf, pageOf } from './envelope.ts';
import {
  CreateTransferBody,
  DeleteReceiptBody,
  DeleteTransferBody,
  ReceiveTransferBody,
  Transfer,
  TransferByIdQuery,
  TransferListQuery,
  TransferWithLines,
  UpdateTransferBody,
} from './transfers.ts';

export const transfersEndpoints = {
  transfer: {
    createWithItems: {
      method: 'POST',
      path: 'transfer/createWithItems',
      body: CreateTransferBody,
      response: dataOf(TransferWithLines),
    },
    updateWithItems: {
      method: 'POST',
      path: 'transfer/updateWithItems',
      body: UpdateTransferBody,
      response: dataOf(TransferWithLines),
    },
    deleteWithItems: {
      method: 'POST',
      path: 'transfer/deleteWithItems',
      body: DeleteTransferBody,
      response: dataOf(TransferWithLines),
    },
    receive: {
      method: 'POST',
      path: 'transfer/receive',
      body: ReceiveTransferBody,
      response: dataOf(TransferWithLines),
    },
    deleteReceipt: {
      method: 'POST',
      path: 'transfer/deleteReceipt',
      body: DeleteReceiptBody,
      response: dataOf(TransferWithLines),
    },
    readById: {
      method: 'GET',
      path: 'transfer/readById',
      query: TransferByIdQuery,
      response: dataOf(TransferWithLines),
    },
    list: { method: 'GET', path: 'transfer/list', query: TransferListQuery, response: pageOf(Transfer) },
  },
} as const;
