import { useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { whenDiskFull } from '../../app/api.ts';
import { may } from '../../app/permissions.ts';
import { queryClient } from '../../app/queryClient.ts';
import { AuthContext } from '../auth/AuthProvider.tsx';
import { diskFullText } from './backupText.ts';

export const diskFullKey = ['health', 'diskFull'] as const;

/**
 * Whether the server says its database cannot write for a full disk: `/api/health` answers 503 `DISK_FULL` then
 * (docs/embedded-database.md, "A full disk"). Read every 30 s, and at once after any call refused with DISK_FULL.
 */
export const useDiskFull = (enabled: boolean) =>
  useQuery({
    queryKey: diskFullKey,
    queryFn: async () => {
      const answer = await fetch('/api/health', { credentials: 'same-origin', cache: 'no-store' });
      if (answer.ok) return false;
      const body = (await answer.json().catch(() => undefined)) as { error?: { code?: string } } | undefined;
      return body?.error?.code === 'DISK_FULL';
    },
    enabled,
    retry: false,
    staleTime: 0,
    refetchInterval: 30_000,
  });

whenDiskFull(() => void queryClient.invalidateQueries({ queryKey: diskFullKey }));

/**
 * On every screen of a user who may change settings: a warning while the disk under the database is full. The
 * cashier whose save was refused reads why on the save itself; the administrator is the one who can free space.
 */
export function DiskFullWarning() {
  const user = useContext(AuthContext)?.user;
  const full = useDiskFull(user ? may(user, 'settings') : false);
  if (!full.data) return null;
  return (
    <div className="disk-full-warning" role="alert" data-testid="disk-full-warning">
      {diskFullText.warning}
    </div>
  );
}
