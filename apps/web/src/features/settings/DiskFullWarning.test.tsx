// @vitest-environment happy-dom
import { routes } from '@mizan/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createContext } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../app/api.ts';
import { queryClient } from '../../app/queryClient.ts';
import { AuthContext } from '../auth/AuthProvider.tsx';
import { diskFullText } from './backupText.ts';
import { DiskFullWarning } from './DiskFullWarning.tsx';

/**
 * Issue 35, finding 11: with the data folder's disk full every sale was refused while nothing told the one who can
 * free space. Health answers 503 DISK_FULL then; every screen of a user who may change settings says so.
 */
// The session as the provider gives it, without the device storage the real provider opens.
vi.mock('../auth/AuthProvider.tsx', () => ({ AuthContext: createContext<unknown>(null) }));

const health = (status: number, code?: string) =>
  vi.fn(
    async () => new Response(JSON.stringify(code ? { error: { code, message: '…' } } : { status: 'ok' }), { status }),
  );

function show(permissions: string[]) {
  const auth = { user: { id: 1, permissions } } as unknown as NonNullable<
    Parameters<typeof AuthContext.Provider>[0]['value']
  >;
  return render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={auth}>
        <DiskFullWarning />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('the full-disk warning', () => {
  it('shows on an administrator’s screen while health answers DISK_FULL', async () => {
    const fetch = health(503, 'DISK_FULL');
    vi.stubGlobal('fetch', fetch);
    show(['settings']);
    expect((await screen.findByTestId('disk-full-warning')).textContent).toBe(diskFullText.warning);
    expect(fetch).toHaveBeenCalledWith('/api/health', expect.anything());
  });

  it('says nothing while the database writes, or when it is down for another reason', async () => {
    for (const fetch of [health(200), health(503, 'DATABASE_UNAVAILABLE')]) {
      vi.stubGlobal('fetch', fetch);
      show(['settings']);
      await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(screen.queryByTestId('disk-full-warning')).toBeNull();
      cleanup();
      queryClient.clear();
    }
  });

  it('shows at once when a save is refused with DISK_FULL, without waiting for the next read of health', async () => {
    let full = false;
    const fetch = vi.fn(async (url: string) =>
      url === '/api/health' && !full
        ? new Response(JSON.stringify({ status: 'ok' }), { status: 200 })
        : new Response(JSON.stringify({ error: { code: 'DISK_FULL', message: '…' } }), { status: 503 }),
    );
    vi.stubGlobal('fetch', fetch);
    show(['settings']);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('disk-full-warning')).toBeNull();
    full = true;
    await expect(call(routes.store.read)).rejects.toMatchObject({ status: 503, code: 'DISK_FULL' });
    expect(await screen.findByTestId('disk-full-warning')).toBeTruthy();
  });

  it('is not shown to a cashier (the refused save says why) and health is not asked', async () => {
    const fetch = health(503, 'DISK_FULL');
    vi.stubGlobal('fetch', fetch);
    show(['pay.create']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('disk-full-warning')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
