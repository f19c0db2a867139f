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
});
