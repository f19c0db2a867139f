/** The words of the date field. Its own module: most screens draw one, so these words travel with it alone. */
export const dateFieldText = { dayFirst: 'يوم/شهر/سنة', calendar: 'اختيار من التقويم' } as const;
