import { isPlatform } from '../ui/ionic.ts';

/**
 * Desktop or mobile is decided once, at start-up, by platform detection (seed section 2): it picks the screen
 * variants (sales or sales-mob) and which menu entries are shown.
 */
export const isMobile = isPlatform('mobile');
export const isDesktop = !isMobile;

/** Where a signed-in user lands: the sales invoice of their kind of device. */
export const homePath = isMobile ? '/folder/sales-mob' : '/folder/sales';
