import { describe, expect, it } from 'vitest';
import { logSentence } from './logHistory.ts';

describe('an activity entry as one Arabic sentence', () => {
  it('names the user, the action and the record', () => {
    expect(logSentence({ full_name: 'أحمد', typee: 'insert sales', logToken: { pay_ref: 'SH-S-000012' } })).toBe(
      'قام أحمد بحفظ فاتورة مبيعات رقم SH-S-000012',
    );
    expect(logSentence({ full_name: 'أحمد', typee: 'insert item', logToken: { id: 3, item_name: 'سكر' } })).toBe(
      'قام أحمد بإضافة صنف «سكر»',
    );
    expect(logSentence({ full_name: 'منى', typee: 'login', logToken: { ip: '1.2.3.4' } })).toBe(
      'قام منى بتسجيل الدخول',
    );
    expect(logSentence({ full_name: null, typee: 'insert journal', logToken: { j_ref: 'SH-J-000001' } })).toBe(
      'قام مستخدم محذوف بحفظ قيد محاسبي رقم SH-J-000001',
    );
    // A legacy client's own token is shown as it is.
    expect(logSentence({ full_name: 'منى', typee: 'something new', logToken: {} })).toBe('قام منى بsomething new');
  });

  it('a locked sign-in is not something the user did: it names the account, the failures and their addresses', () => {
    expect(
      logSentence({
        full_name: 'كاشير الصباح',
        typee: 'login locked',
        logToken: { user_name: 'till', failures: 20, addresses: ['203.0.113.1', '203.0.113.2'] },
      }),
    ).toBe(
      'أُوقف الدخول إلى حساب كاشير الصباح مؤقتاً من العناوين التي أخطأت في كلمة مروره (20 محاولة خاطئة): 203.0.113.1، 203.0.113.2',
    );
    expect(logSentence({ full_name: 'منى', typee: 'login locked', logToken: {} })).toBe(
      'أُوقف الدخول إلى حساب منى مؤقتاً من العناوين التي أخطأت في كلمة مروره',
    );
  });
});
