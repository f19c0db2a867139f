/**
 * `GET dashboard/read` (docs/dashboard.md): the owner's morning answer in one call, for a user who reads reports.
 * The last backup is shown only to one who may see the backups (an administrator of every store).
 */
import { type Dashboard, endpoints } from '@mizan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { schemaOf, urlOf } from '../../lib/endpoint.ts';
import { sendError } from '../../lib/sendError.ts';
import { sessionUser } from '../../lib/sessionUser.ts';
import { administersEveryStore } from '../backup/backup.routes.ts';
import type { BackupService } from '../backup/backupSchedule.ts';
import { readableAuthor } from '../book/documentPermissions.ts';
import { requestYear } from '../organisation/currentYear.ts';
import { readDashboard } from './dashboard.queries.ts';

const { dashboard } = endpoints;

/** Today on the server's clock, as the shop reads a date (local, not UTC). */
function localToday() {
  const now = new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/** Gross profit tells the cost: blanked for a user who may not read costs. */
function withoutCost(board: Dashboard): Dashboard {
  const blank = <Day extends { gross_profit: string | null }>(day: Day) => ({ ...day, gross_profit: null });
  return {
    ...blank(board),
    yesterday: blank(board.yesterday),
    last_week: blank(board.last_week),
    chart: board.chart.map(blank),
  };
}

export const dashboardRoutes =
  (backups: BackupService | undefined): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      urlOf(dashboard.read),
      {
        config: { permission: 'readReports' },
        schema: {
          tags: ['reports'],
          summary:
            "The owner's dashboard: today against yesterday and last week, money, debtors, stock, a 30-day chart",
          ...schemaOf(dashboard.read),
        },
      },
      async (req, reply) => {
        const year = await requestYear(app.db, req);
        if (!year.ok) return sendError(reply, year);
        const user = sessionUser(req);
        const date = req.query.date ?? localToday();
        const mayReadBackups = backups !== undefined && (await administersEveryStore(app.db, user.id));
        const verified = mayReadBackups ? (await backups.status()).last_verified : null;
        const lastBackup = verified ? { at: verified.at, file: verified.file } : null;
        const board = await readDashboard(app.db, {
          storeId: user.store_id,
          year: year.value,
          date,
          lastBackup,
          author: readableAuthor(user),
        });
        return { data: [user.permissions.includes('readCost') ? board : withoutCost(board)] };
      },
    );
  };
