// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DateField } from './DateField.tsx';

function Form({ start }: { start: string }) {
  const [date, setDate] = useState(start);
  return (
    <>
      <DateField label="التاريخ" name="pay_date" value={date} onChange={setDate} />
      <output>{date}</output>
    </>
  );
}

const field = () => screen.getByRole('textbox') as HTMLInputElement;
const stored = () => screen.getByRole('status').textContent;

afterEach(cleanup);

describe('a date typed day first', () => {
  it('shows the ISO value day first and passes on a typed day, in any digits, as ISO', () => {
    render(<Form start="2026-11-23" />);
    expect(field().value).toBe('23/11/2026');
    fireEvent.change(field(), { target: { value: '٥/١/٢٠٢٦' } });
    expect(stored()).toBe('2026-01-05');
    // What was typed stays as typed while it means the same day.
    expect(field().value).toBe('٥/١/٢٠٢٦');
  });

  it('keeps the last good day while the typing is not a day yet, and shows it again on leaving the field', () => {
    render(<Form start="2026-11-23" />);
    fireEvent.change(field(), { target: { value: '31/04/20' } });
    expect(stored()).toBe('2026-11-23');
    fireEvent.blur(field());
    expect(field().value).toBe('23/11/2026');
    fireEvent.change(field(), { target: { value: '' } });
    expect(stored()).toBe('');
  });
});
