/**
 * Which backups to keep: the newest of each of the last 24 hours, of each of the last 30 days and of each of the last
 * 12 months (local time, the current hour, day and month included), and always the newest up to `now`, so a server
 * that was off for a year still keeps its last backup. Backups dated after `now` (a clock set back) are kept.
 */
export type BackupEntry = { file: string; createdAt: Date };

const retention = { hours: 24, days: 30, months: 12 } as const;

export function chooseBackupsToKeep<Backup extends BackupEntry>(backups: Backup[], now: Date): Backup[] {
  // Newest first; within one minute, by the name's suffix (`-2` was written after the name without one).
  const newestFirst = [...backups].sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || sameMinuteNumber(b.file) - sameMinuteNumber(a.file),
  );
  const keep = new Set<Backup>();
  for (const backup of newestFirst) if (backup.createdAt > now) keep.add(backup);
  const newest = newestFirst.find((b) => b.createdAt <= now);
  if (newest) keep.add(newest);

  const periods: [start: (back: number) => Date, count: number][] = [
    [(back) => new Date(now.getFullYear(), now.getMonth(), now.getDate(), now.getHours() - back), retention.hours],
    [(back) => new Date(now.getFullYear(), now.getMonth(), now.getDate() - back), retention.days],
    [(back) => new Date(now.getFullYear(), now.getMonth() - back, 1), retention.months],
  ];
  for (const [start, count] of periods) {
    for (let back = 0; back < count; back++) {
      const from = start(back);
      const to = start(back - 1);
      const first = newestFirst.find((b) => b.createdAt >= from && b.createdAt < to);
      if (first) keep.add(first);
    }
  }
  return newestFirst.filter((backup) => keep.has(backup));
}

/** `mizan-2026-06-15T1005-3.backup` → 3; the first of its minute, without a suffix, → 1. */
function sameMinuteNumber(file: string) {
  const suffix = /-(\d+)\.[a-z]+$/.exec(file);
  return suffix ? Number(suffix[1]) : 1;
}
