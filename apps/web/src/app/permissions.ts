/**
 * What the signed-in user may do, as the server answered it (`users/me`, sign-in): screens and the menu show only
 * that. The server checks every call itself (docs/permissions.md); hiding is for the user, never the guard.
 */
import {
  type DocumentAction,
  type DocumentSubject,
  docPermission,
  kindPermission,
  messagesAr,
  type Permission,
  permissionName,
  type RouteAccess,
  type SessionUser,
  type SubjectKind,
} from '@mizan/contract';

/** Whether the user's role permits it; `signedIn` is everyone's. */
export const may = (user: Pick<SessionUser, 'permissions'>, access: RouteAccess) =>
  access === 'signedIn' || (user.permissions ?? []).includes(access);

/** Whether the user's role permits an action on a document kind (`pay` → sale). */
export const mayOnKind = (user: Pick<SessionUser, 'permissions'>, kind: string, action: DocumentAction) =>
  kind in kindSubjects && may(user, kindPermission(kind as SubjectKind, action));
const kindSubjects = {
  pay: 1,
  perch: 1,
  payinit: 1,
  perchOrder: 1,
  sales_returns: 1,
  purchase_returns: 1,
  tswia: 1,
  journal: 1,
};

/**
 * Whether the user may date a document of the kind before today (its date field is read-only otherwise): a kind that
 * posts nothing (a preliminary sale, an order) is not held to its day.
 */
export const mayBackDate = (user: Pick<SessionUser, 'permissions'>, kind: string, posts: boolean) =>
  !posts || mayOnKind(user, kind, 'backDate');

/**
 * A document's date field for a role without its kind's back-dating: read-only (the date it has, today on a new
 * one), with the permission it lacks as the field's hint. The server refuses another date anyway.
 */
export const dateFieldLock = (user: Pick<SessionUser, 'permissions'>, subject: DocumentSubject) =>
  lockedUnless(user, docPermission(subject, 'backDate'));

/** The props of a field a role may see but not change without the permission: read-only, with why as its hint. */
export const lockedUnless = (user: Pick<SessionUser, 'permissions'>, permission: Permission) =>
  may(user, permission)
    ? { readOnly: false }
    : { readOnly: true, readOnlyHint: `${messagesAr.PERMISSION_DENIED}: ${permissionName(permission)}` };

/** The cost columns of the item lists (perch_price and what is computed from it): shown only with `readCost`. */
export const costColumnIds: ReadonlySet<string> = new Set([
  'perch_price',
  'profit',
  'avg_cost',
  'stockValuePerchPrice',
]);

/** The columns the user may see: without `readCost`, none of cost (the server blanks them too). */
export const columnsFor = <Column extends { id: string }>(user: Pick<SessionUser, 'permissions'>, columns: Column[]) =>
  may(user, 'readCost') ? columns : columns.filter((column) => !costColumnIds.has(column.id));

/**
 * Whether the user may edit or delete this document (`action`), as the server decides it: the action on its kind,
 * another user's, another day's final one.
 */
export function mayChangeDocument(
  user: Pick<SessionUser, 'id' | 'permissions'>,
  kind: string,
  action: 'edit' | 'delete',
  doc: { user_id: number | null; pay_date: string },
  posts: boolean,
  today: string,
): boolean {
  if (!mayOnKind(user, kind, action)) return false;
  if (doc.user_id !== user.id && !mayOnKind(user, kind, 'others')) return false;
  return !posts || doc.pay_date === today || mayOnKind(user, kind, 'otherDay');
}
