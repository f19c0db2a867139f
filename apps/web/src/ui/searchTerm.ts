import { toWesternDigits } from '@mizan/contract';

const ARABIC_LETTER = /[\u0621-\u064a]/;

/**
 * A search as typed: a code or a barcode typed in Arabic-Indic digits ("٦٢٩…") finds the Western one stored; a
 * name with Arabic letters is searched as typed (an Arabic name may end in a year typed "٢٠٢٥").
 */
export const searchTerm = (typed: string) => (ARABIC_LETTER.test(typed) ? typed : toWesternDigits(typed));
