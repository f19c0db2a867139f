import { describe, expect, it } from 'vitest';
import { documentLogAction, logActionsAr, logActionText } from './activityLog.ts';
import { type DocumentKind, documentKinds } from './documentKinds.ts';

describe('the activity log’s actions', () => {
  it('keep the legacy tokens of documents, and word each in Arabic from the kind’s label', () => {
    expect(documentLogAction('insert', 'sale')).toBe('insert sales');
    expect(documentLogAction('delete', 'purchaseOrder')).toBe('delete purchase order');
    expect(logActionText('insert sales')).toBe('حفظ فاتورة مبيعات');
    expect(logActionText('update purchase')).toBe('تعديل فاتورة مشتريات');
    for (const kind of Object.keys(documentKinds) as DocumentKind[])
      for (const verb of ['insert', 'update', 'delete'] as const)
        expect(logActionsAr[documentLogAction(verb, kind)]).toContain(documentKinds[kind].label);
  });

  it('every action has one Arabic sentence, no two alike; a legacy client’s own token is shown as it is', () => {
    const sentences = Object.values(logActionsAr);
    for (const sentence of sentences) expect(sentence).toMatch(/^[\u0600-\u06FF]/);
    expect(new Set(sentences).size).toBe(sentences.length);
    expect(logActionText('login')).toBe('تسجيل الدخول');
    expect(logActionText('something else')).toBe('something else');
    expect(logActionText('constructor')).toBe('constructor');
  });
});
