import { routes } from '@mizan/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../app/api.ts';

export const backupKey = ['backup', 'status'] as const;

/**
 * The backups' status, for a user whose role may change settings (the server answers only one who administers every
 * store: anyone else gets no status and sees no backup section or warning). Read again every ten minutes.
 */
export const useBackupStatus = (enabled: boolean) =>
  useQuery({
    queryKey: backupKey,
    queryFn: async () => (await call(routes.backup.status)).data[0] ?? null,
    enabled,
    retry: false,
    refetchInterval: 10 * 60_000,
  });
