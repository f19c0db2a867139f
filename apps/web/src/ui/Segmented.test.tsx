// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Segmented } from './Segmented.tsx';

function InvoiceType() {
  const [type, setType] = useState<'preliminary' | 'final'>('final');
  return (
    <>
      <Segmented
        label="نوع الفاتورة"
        value={type}
        onChange={setType}
        options={[
          { value: 'preliminary', label: 'مبدئية' },
          { value: 'final', label: 'نهائية' },
        ]}
      />
      <output>{type}</output>
    </>
  );
}

afterEach(cleanup);

describe('Segmented', () => {
  it('is one named radio group whose chosen part is checked and marked', () => {
    render(<InvoiceType />);
    const group = screen.getByRole('radiogroup', { name: 'نوع الفاتورة' });
    const [preliminary, final] = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(group).toBeTruthy();
    expect([preliminary?.checked, final?.checked]).toEqual([false, true]);
    expect(final?.closest('label')?.className).toBe('segment-checked');
    // One group: the radios share a name, so the keyboard moves between them with the arrows (one Tab stop).
    expect(preliminary?.name).toBe(final?.name);
  });

  it('a click on a part chooses it', () => {
    render(<InvoiceType />);
    fireEvent.click(screen.getByText('مبدئية'));
    expect(screen.getByRole('status').textContent).toBe('preliminary');
    const [preliminary, final] = screen.getAllByRole('radio') as HTMLInputElement[];
    expect([preliminary?.checked, final?.checked]).toEqual([true, false]);
    expect(preliminary?.closest('label')?.className).toBe('segment-checked');
  });
});
