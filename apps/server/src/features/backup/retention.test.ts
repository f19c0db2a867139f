import { describe, expect, it } from 'vitest';
import { chooseBackupsToKeep } from './retention.ts';

/** A backup at a local time; its file name says when, as the real names do. */
const at = (year: number, month: number, day: number, hour = 0, minute = 0) => {
  const createdAt = new Date(year, month - 1, day, hour, minute);
  return { file: `mizan-${createdAt.toISOString()}.backup`, createdAt };
};
const kept = (backups: ReturnType<typeof at>[], now: Date) =>
  chooseBackupsToKeep(backups, now).map((b) => b.createdAt.getTime());
const times = (backups: ReturnType<typeof at>[]) => backups.map((b) => b.createdAt.getTime());

describe('chooseBackupsToKeep', () => {
  const now = new Date(2026, 5, 15, 10, 30); // 15 June 2026, 10:30 local

  it('keeps the newest backup of each of the last 24 hours, the current hour included', () => {
    // Every 10 minutes from 9:00 the day before until now (10:30): 25.5 hours.
    const backups = Array.from({ length: 154 }, (_, i) => at(2026, 6, 14, 9, i * 10));
    const newestOfHours = Array.from({ length: 24 }, (_, back) => {
      const hour = new Date(2026, 5, 15, 10 - back);
      return backups.filter((b) => b.createdAt >= hour && b.createdAt.getTime() < hour.getTime() + 3_600_000).at(-1);
    });
    const keep = kept(backups, now);
    for (const backup of newestOfHours) expect(keep).toContain(backup?.createdAt.getTime());
    // Only the 24 hours' newest: yesterday's newest (23:50) is among them, yesterday's 9:00 to 10:50 are not.
    expect(keep).toHaveLength(24);
    expect(keep).toContain(at(2026, 6, 14, 23, 50).createdAt.getTime());
    expect(keep).not.toContain(at(2026, 6, 14, 10, 50).createdAt.getTime());
  });

  it('an hour boundary: 9:59 and 10:00 are two hours, 10:00 and 10:20 one', () => {
    const backups = [at(2026, 6, 15, 9, 59), at(2026, 6, 15, 10, 0), at(2026, 6, 15, 10, 20)];
    expect(kept(backups, now)).toEqual(times([at(2026, 6, 15, 10, 20), at(2026, 6, 15, 9, 59)]));
  });

  it('the 25th hour back is kept only as the newest of its day', () => {
    // 24 hours back from 10:xx is 11:00 yesterday: 9:15 yesterday is outside, 9:45 is its day's newest.
    const backups = [at(2026, 6, 14, 9, 15), at(2026, 6, 14, 9, 45), at(2026, 6, 15, 10, 0)];
    expect(kept(backups, now)).toEqual(times([at(2026, 6, 15, 10, 0), at(2026, 6, 14, 9, 45)]));
  });

  it('keeps the newest backup of each of the last 30 days, today included', () => {
    // Two a day (8:00 and 20:00) over 40 days up to yesterday.
    const backups = Array.from({ length: 40 }, (_, d) => [at(2026, 5, 6 + d, 8), at(2026, 5, 6 + d, 20)]).flat();
    const keep = kept(backups, now);
    // 29 days back from today is 17 May: 16 May and before only by month (May's newest is 31 May, in the days).
    const days = Array.from({ length: 29 }, (_, back) => at(2026, 6, 14 - back, 20).createdAt.getTime());
    expect(keep).toEqual(days);
    expect(keep).not.toContain(at(2026, 5, 16, 20).createdAt.getTime());
    expect(keep).not.toContain(at(2026, 6, 14, 8).createdAt.getTime());
  });

  it('keeps the newest backup of each of the last 12 months, the current month included', () => {
    // On the 1st and the 10th of every month for two years, up to 10 June 2026 (more than 30 days of June: none).
    const backups = Array.from({ length: 24 }, (_, m) => [at(2024, 7 + m, 1), at(2024, 7 + m, 10)]).flat();
    const keep = kept(backups, now);
    const months = Array.from({ length: 12 }, (_, back) => at(2026, 6 - back, 10).createdAt.getTime());
    // The last 30 days (16 May to today) hold 1 and 10 June: both kept, 1 June as its day's newest.
    expect(keep).toEqual([months[0], at(2026, 6, 1).createdAt.getTime(), ...months.slice(1)]);
    expect(keep).not.toContain(at(2025, 6, 10).createdAt.getTime());
    expect(keep).not.toContain(at(2026, 5, 1).createdAt.getTime());
  });

  it('always keeps the newest backup, however old, and any backup dated after now', () => {
    const backups = [at(2020, 1, 1), at(2020, 1, 2), at(2026, 6, 15, 11, 0)];
    expect(kept(backups, now)).toEqual(times([at(2026, 6, 15, 11, 0), at(2020, 1, 2)]));
    expect(kept([at(2020, 1, 1), at(2020, 1, 2)], now)).toEqual(times([at(2020, 1, 2)]));
  });

  it('two backups of the same minute: the later name (`-2`) is the newer', () => {
    const createdAt = new Date(2026, 5, 15, 10, 5);
    const backups = [
      { file: 'mizan-2026-06-15T1005-2.backup', createdAt },
      { file: 'mizan-2026-06-15T1005.backup', createdAt },
      { file: 'mizan-2026-06-15T1005-10.backup', createdAt },
    ];
    expect(chooseBackupsToKeep(backups, now).map((b) => b.file)).toEqual(['mizan-2026-06-15T1005-10.backup']);
  });
});
