/** The books' backups as the settings screen shows them (docs/backups.md). */
import { z } from 'zod';

/** What a verified backup proved it holds: its documents, the trial balance's two sides, the stock at cost. */
export const BackupFigures = z.object({
  documents: z.number().int(),
  debit: z.string(),
  credit: z.string(),
  stock_at_cost: z.string(),
});
export type BackupFigures = z.infer<typeof BackupFigures>;

export const KeptBackup = z.object({
  /** The file's name in the backup folder (`mizan-2026-12-01T2300.backup`). */
  file: z.string(),
  size: z.number().int(),
  created_at: z.string(),
});
export type KeptBackup = z.infer<typeof KeptBackup>;

export const BackupStatus = z.object({
  /** Where backups are written (the owner points `MIZAN_BACKUP_DIR` at a second disk or a USB stick). */
  folder: z.string(),
  /** Minutes between automatic backups; 0: none (only at a clean stop and by hand). */
  every_minutes: z.number().nonnegative(),
  /** The last backup that was restored into a scratch database and found equal. */
  last_verified: z
    .object({ at: z.string(), file: z.string(), size: z.number().int(), figures: BackupFigures })
    .nullable(),
  /** The last attempt that failed (written or verified), when it came after the last verified one. */
  last_failure: z.object({ at: z.string(), message: z.string() }).nullable(),
  /** True after 26 hours without a verified backup: every administrator's screen warns. */
  overdue: z.boolean(),
  /** A backup is being made now. */
  running: z.boolean(),
  kept: z.array(KeptBackup),
  /**
   * The embedded engine's WAL archive (a restore to any moment since `since`); null when the database is a PostgreSQL
   * server (DATABASE_URL: its administrator archives it) or backups are off.
   */
  point_in_time: z
    .object({
      /** The end of the oldest base backup kept: the earliest moment a restore reaches (null before the first). */
      since: z.string().nullable(),
      /** When the last WAL segment reached the archive. */
      last_archived_at: z.string().nullable(),
      /** Why archiving fails now (the folder is gone or full), when its last attempt failed. */
      failing: z.string().nullable(),
    })
    .nullable(),
});
export type BackupStatus = z.infer<typeof BackupStatus>;

export const BackupDownloadQuery = z.object({ file: z.string().regex(/^mizan-[0-9T-]+\.backup$/) });
