/**
 * An account's nature or a balance's side in words. Its own module: the counter's customer picker shows it, and
 * the counter's first load should not carry every account screen's text for two words.
 */
export const natureWords = { debit: 'مدين', credit: 'دائن' } as const;

export const natureText = (nature: string | null) =>
  nature === 'debit' ? natureWords.debit : nature === 'credit' ? natureWords.credit : '';
