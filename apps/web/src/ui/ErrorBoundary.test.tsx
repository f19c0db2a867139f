// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ui } from '../app/messages.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';

function Figure({ value }: { value: string }) {
  if (!/^\d*$/.test(value)) throw new Error(`Cannot convert ${value} to a BigInt`);
  return <output>{value}</output>;
}

/** A form whose computed part fails on what was typed: the message shows, the field keeps the text. */
function Form() {
  const [value, setValue] = useState('');
  return (
    <>
      <input aria-label="price" value={value} onChange={(e) => setValue(e.target.value)} />
      <ErrorBoundary resetKey={value}>
        <Figure value={value} />
      </ErrorBoundary>
    </>
  );
}

describe('a part that fails to draw', () => {
  it('shows the Arabic message in its place, keeps what was typed, and draws again when the value changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Form />);
    const input = screen.getByLabelText('price') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '١٠٠' } });
    expect(screen.getByRole('alert').textContent).toContain(ui.renderFailed);
    expect(input.value).toBe('١٠٠');
    fireEvent.change(input, { target: { value: '100' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('100')).toBeTruthy();
  });
});
