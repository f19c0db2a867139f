/** The backups' calls (administrators of every store): the status, a backup now, the download of a kept one. */
import { BackupDownloadQuery, BackupStatus } from './backup.ts';
import { dataOf } from './envelope.ts';

export const backupEndpoints = {
  backup: {
    status: { method: 'GET', path: 'backup/status', response: dataOf(BackupStatus) },
    now: { method: 'POST', path: 'backup/now', response: dataOf(BackupStatus) },
    download: { method: 'GET', path: 'backup/download', query: BackupDownloadQuery },
  },
} as const;
