/**
 * People type numbers in Western (0-9), Arabic-Indic (٠-٩) or Persian (۰-۹) digits, with the Arabic decimal
 * separator ٫ and grouping ٬ (and often a plain comma for grouping). Every place a number is typed or imported
 * converts at the edge with these, so the wire and the database only ever see Western digits.
 */

const ARABIC_INDIC_ZERO = 0x0660;
const PERSIAN_ZERO = 0x06f0;

/** Replaces Arabic-Indic and Persian digits with Western ones; leaves every other character as it is. */
export function toWesternDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => {
    const code = digit.charCodeAt(0);
    const zero = code >= PERSIAN_ZERO ? PERSIAN_ZERO : ARABIC_INDIC_ZERO;
    return String(code - zero);
  });
}

/**
 * A typed number as a plain decimal string: any digit set; ٫ is the decimal point; ٬ and `,` are grouping and
 * dropped, as are spaces and direction marks; a typographic minus becomes `-`.
 * "١٬٢٣٤٫٥" → "1234.5", " ٣ " → "3", "-٥" → "-5". It does not validate: callers check the result.
 */
export function normalizeNumberInput(text: string): string {
  return toWesternDigits(text)
    .replace(/[\u200e\u200f\u061c\u2066-\u2069\s]/g, '')
    .replace(/[٬,']/g, '')
    .replace(/٫/g, '.')
    .replace(/^[\u2212\u2013]/, '-');
}
