/**
 * The one way the app talks to the server. Reads answer `{ data: [...] }`; failures carry `{ error: { code,
 * message, fields } }` and become an ApiError with the Arabic message. Every change echoes the anti-forgery cookie.
 */
import {
  type AnswerOf,
  apiBaseForYear,
  type CallInput,
  type Endpoint,
  type EndpointOf,
  type ErrorCode,
  messagesAr,
  PRIMARY_YEAR_ID,
  type Route,
  routes,
  XSRF_COOKIE,
  XSRF_HEADER,
  type Year,
} from '@mizan/contract';
import { ui } from './messages.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly fields: Record<string, string> = {},
    /** The whole error answer: some carry more than the error (a refused sale lists its short items). */
    readonly body?: Record<string, unknown>,
  ) {
    super(message);
  }
}

type ChosenYear = Pick<Year, 'id' | 'yearStart' | 'yearEnd'>;
let chosen: ChosenYear | undefined;
/**
 * The accounting year chosen in the menu. Year 1 uses the primary base `/api/`, every other year the secondary
 * `/api23/` (seed section 4); either way every call names the year (`yearId`), since the server never guesses it
 * under `/api23/`. The cache keys carry it too (see app/queryClient.ts).
 */
export const setApiYear = (year: ChosenYear | null) => {
  chosen = year ?? undefined;
};
export const currentYearId = () => chosen?.id ?? PRIMARY_YEAR_ID;
/** A date moved inside the chosen year: the year's first or last day when it lies before or after it. */
export const dateInChosenYear = (date: string) => {
  if (!chosen) return date;
  if (date < chosen.yearStart) return chosen.yearStart;
  return date > chosen.yearEnd ? chosen.yearEnd : date;
};

let onDiskFull: () => void = () => {};
/** Called when a call is refused because the server's disk is full, so the administrators' warning shows at once. */
export const whenDiskFull = (handler: () => void) => {
  onDiskFull = handler;
};

let onSessionEnded: () => void = () => {};
/** Called when the server says the session is over (401), so the app can go back to the sign-in page. */
export const whenSessionEnds = (handler: () => void) => {
  onSessionEnded = handler;
};

const readCookie = (name: string) =>
  document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);

type Params = Record<string, string | number | boolean | null | undefined>;

function url(path: string, params?: Params) {
  const query = new URLSearchParams();
  const yearId = currentYearId();
  // A call that names its year itself (an opening-stock year) keeps it; every other call carries the chosen one.
  if (params?.yearId === undefined && params?.year_id === undefined) query.set('yearId', String(yearId));
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const search = query.toString();
  return `${apiBaseForYear(yearId)}${path}${search ? `?${search}` : ''}`;
}

async function send(
  method: string,
  path: string,
  params?: Params,
  body?: BodyInit,
  headers: Record<string, string> = {},
) {
  if (method !== 'GET' && !readCookie(XSRF_COOKIE)) {
    // The server hands out the anti-forgery cookie on any API response; fetch one before the first change.
    await fetch(url(routes.store.read.path), { credentials: 'same-origin' }).catch(() => undefined);
  }
  const xsrf: Record<string, string> = method === 'GET' ? {} : { [XSRF_HEADER]: readCookie(XSRF_COOKIE) ?? '' };
  let response: Response;
  try {
    response = await fetch(url(path, params), {
      method,
      body,
      credentials: 'same-origin',
      headers: { ...headers, ...xsrf },
    });
  } catch {
    throw new ApiError(0, 'NETWORK', ui.networkError);
  }
  if (response.ok) return response;
  const failure = (await response.json().catch(() => undefined)) as
    | { error?: { code: ErrorCode; message: string; fields?: Record<string, string> } }
    | undefined;
  const code = failure?.error?.code ?? 'INTERNAL';
  if (response.status === 401 && path !== routes.users.login.path) onSessionEnded();
  if (code === 'DISK_FULL') onDiskFull();
  throw new ApiError(
    response.status,
    code,
    failure?.error?.message ?? messagesAr[code as ErrorCode] ?? ui.networkError,
    failure?.error?.fields,
    failure as Record<string, unknown> | undefined,
  );
}

/** A call's input may be left out when the endpoint takes neither a query, a body nor a file. */
export type CallArgs<E extends Endpoint> = undefined extends CallInput<E> ? [CallInput<E>?] : [CallInput<E>];

/**
 * Calls one endpoint of the contract's table (`call(routes.items.read, { query })`): what it sends and what it
 * answers are the endpoint's schemas' types. JSON is sent as JSON, an upload's file as multipart/form-data; a JSON
 * answer is parsed, any other (an .xlsx) answers as a Blob.
 */
export async function call<R extends Route>(route: R, ...[input]: CallArgs<EndpointOf<R>>): Promise<AnswerOf<R>> {
  const { query, body, file } = (input ?? {}) as { query?: Params; body?: unknown; file?: Blob };
  let sent: BodyInit | undefined;
  const headers: Record<string, string> = {};
  if (route.upload && file) {
    sent = new FormData();
    sent.append(route.upload, file);
  } else if (route.method !== 'GET') {
    sent = JSON.stringify(body ?? {});
    headers['content-type'] = 'application/json';
  }
  const response = await send(route.method, route.path, query, sent, headers);
  const isJson = response.headers.get('content-type')?.includes('json') ?? false;
  // The one place an answer takes its type: the server serialised it with this endpoint's response schema.
  return (isJson ? response.json() : response.blob()) as Promise<AnswerOf<R>>;
}

/** A file the server builds (an .xlsx), as a download the browser saves. */
export async function download<R extends Route>(route: R, filename: string, ...input: CallArgs<EndpointOf<R>>) {
  const blob: unknown = await call(route, ...input);
  if (!(blob instanceof Blob)) return;
  const link = Object.assign(document.createElement('a'), { href: URL.createObjectURL(blob), download: filename });
  link.click();
  URL.revokeObjectURL(link.href);
}

/** The Arabic message of any error thrown by a call. */
export const errorMessage = (error: unknown) => (error instanceof ApiError ? error.message : ui.networkError);
/**
 * The field errors of a refused change (`VALIDATION_FAILED` and conflicts that name fields): a code per field, which
 * the field shows in words (`ui/form/fieldText.ts`).
 */
export const fieldErrors = (error: unknown): Record<string, string> =>
  error instanceof ApiError ? { ...error.fields } : {};
