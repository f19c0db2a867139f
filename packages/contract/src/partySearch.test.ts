import { describe, expect, it } from 'vitest';
import { ARABIC_FOLD_FROM, ARABIC_FOLD_TO, foldArabic, searchPartyNames } from './partySearch.ts';

const party = (id: number, sub_name: string, sub_code: string | null, ac_id = 1) => ({ id, sub_name, sub_code, ac_id });
const parties = [
  party(1, 'مكتبة الإسراء', '8801'),
  party(2, 'صيدلية مصطفى', '88'),
  party(3, 'الاسراء للتوريدات', '8802', 2),
  party(4, 'اسراء محمد', null),
];

describe('the party search', () => {
  it('folds the alef forms, alef maqsura, taa marbuta, digits and case; drops the tatweel and the short vowels', () => {
    expect(foldArabic('أإآٱ')).toBe('اااا');
    expect(foldArabic('مصطفى مكتبة')).toBe('مصطفي مكتبه');
    expect(foldArabic('٨٨٠١ ۱۲')).toBe('8801 12');
    expect(foldArabic('مُحَمَّـد Nile')).toBe('محمد nile');
    // Every letter mapped has its counterpart, and only the marks are dropped.
    expect(ARABIC_FOLD_FROM.length - ARABIC_FOLD_TO.length).toBe(10);
  });

  it('finds a name holding the term in any variant, and a code by its start in any digits, best first', () => {
    const names = (term: string, options?: Parameters<typeof searchPartyNames>[2]) =>
      searchPartyNames(parties, term, options).map((p) => p.sub_name);
    expect(names('إسراء')).toEqual(['اسراء محمد', 'الاسراء للتوريدات', 'مكتبة الإسراء']);
    expect(names('مصطفي')).toEqual(['صيدلية مصطفى']);
    // The exact code first, then the codes it starts.
    expect(names('٨٨')).toEqual(['صيدلية مصطفى', 'الاسراء للتوريدات', 'مكتبة الإسراء']);
    expect(names('٨٨', { accountClass: 2 })).toEqual(['الاسراء للتوريدات']);
    expect(names('88', { limit: 1 })).toEqual(['صيدلية مصطفى']);
    expect(names('لا يوجد')).toEqual([]);
  });
});
