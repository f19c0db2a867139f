// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PrintPage from './PrintPage.tsx';
import { printText } from './printText.ts';

// The session's store, without the device's storage behind it; the page's frame without Ionic's header.
vi.mock('../auth/AuthProvider.tsx', () => ({ useSession: () => ({ storeId: 1 }) }));
vi.mock('../../ui/Page.tsx', () => ({ Page: ({ children }: { children: ReactNode }) => <main>{children}</main> }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const open = (address: string) =>
  render(
    <MemoryRouter initialEntries={[address]}>
      <PrintPage title="print" />
    </MemoryRouter>,
  );

describe('the print page', () => {
  it('answers "not found" for a kind the registry does not know, or none, and reads no document as a sale', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    for (const address of ['/print-modal?kind=nonsense&id=4', '/print-modal?id=4', '/print-modal?kind=tswia&id=4']) {
      const page = open(address);
      expect((await page.findByTestId('print-not-found')).textContent).toBe(printText.notFound);
      expect(page.queryByTestId('invoice-print')).toBeNull();
      cleanup();
    }
    expect(fetch).not.toHaveBeenCalled();
  });
});
