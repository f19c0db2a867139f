/**
 * Desktop or mobile is decided once, at start-up, by platform detection (seed section 2): it picks the screen
 * variants (sales or sales-mob) and which menu entries are shown. The test is Ionic's own `isPlatform('mobile')`
 * (a coarse pointer, @ionic/core utils/platform), written here so the sign-in page needs no Ionic code.
 */
export const isMobile = globalThis.matchMedia?.('(any-pointer:coarse)').matches ?? false;
export const isDesktop = !isMobile;

/** The sales invoice of this kind of device: where a cashier lands. */
export const homePath = isMobile ? '/folder/sales-mob' : '/folder/sales';
export const dashboardPath = '/analytics-dashboard';

/**
 * Where a signed-in user lands: an owner or administrator (a role that changes settings and reads reports) on the
 * dashboard, everyone else (a cashier keeps the counter) on the sales invoice.
 */
export const homeFor = (user: { permissions: readonly string[] } | null | undefined) =>
  user?.permissions.includes('settings') && user.permissions.includes('readReports') ? dashboardPath : homePath;

/**
 * Ionic's mode for this device (its own test: an iPhone, iPod or iPad is `ios`, anything else `md`). Ionic sets it
 * on <html> when it starts; the sign-in page, drawn before Ionic loads, sets it first so that the palette's
 * per-mode colours (dark backgrounds among them) already apply. Ionic then finds it set.
 */
export function applyIonicMode(root = document.documentElement) {
  const agent = navigator.userAgent;
  const iPad = /iPad/i.test(agent) || (/Macintosh/i.test(agent) && isMobile);
  const mode = /iPhone|iPod/i.test(agent) || iPad ? 'ios' : 'md';
  root.setAttribute('mode', mode);
  root.classList.add(mode);
}
