/**
 * The backups' calls (docs/backups.md). A backup holds every store's books, so only a user who administers every
 * store of the company (the `settings` permission in each) sees, makes or downloads one; an administrator of one
 * branch does not get the other's books.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { endpoints, roleIds } from '@mizan/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { schemaOf, urlOf } from '../../lib/endpoint.ts';
import { sendError } from '../../lib/sendError.ts';
import { sessionUser } from '../../lib/sessionUser.ts';
import type { BackupService } from './backupSchedule.ts';

const { backup } = endpoints;

/** Whether the user's role in every store of the company permits `settings` (the owner's permits everything). */
export async function administersEveryStore(db: Db, userId: number) {
  const { rows } = await db.execute<{ missing: number }>(sql`
    select count(*)::int as missing from store s
     where not exists (
       select 1 from user_store us join role r on r.id = us.role_id
        where us.store_id = s.id and us.user_id = ${userId}
          and (r.id = ${roleIds.owner} or 'settings' = any(r.permissions)))`);
  return rows[0]?.missing === 0;
}

export const backupRoutes =
  (service: BackupService | undefined): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = async (userId: number) => service !== undefined && (await administersEveryStore(app.db, userId));

    app.get(
      urlOf(backup.status),
      {
        config: { permission: 'settings' },
        schema: {
          tags: ['backup'],
          summary: 'The last verified backup, the kept ones, the folder',
          ...schemaOf(backup.status),
        },
      },
      async (req, reply) => {
        if (!service || !(await guard(sessionUser(req).id))) return sendError(reply, 'ADMIN_ONLY');
        return { data: [await service.status()] };
      },
    );
    app.post(
      urlOf(backup.now),
      {
        config: { permission: 'settings' },
        schema: {
          tags: ['backup'],
          summary: 'Makes and verifies a backup now; answers the status after it',
          ...schemaOf(backup.now),
        },
      },
      async (req, reply) => {
        if (!service || !(await guard(sessionUser(req).id))) return sendError(reply, 'ADMIN_ONLY');
        return { data: [await service.runNow()] };
      },
    );
    app.get(
      urlOf(backup.download),
      {
        config: { permission: 'settings' },
        schema: { tags: ['backup'], summary: 'One kept backup file', ...schemaOf(backup.download) },
      },
      async (req, reply) => {
        if (!service || !(await guard(sessionUser(req).id))) return sendError(reply, 'ADMIN_ONLY');
        // The name is one the status lists (the query's pattern has no separator), never a path of the caller's.
        const { kept, folder } = await service.status();
        if (!kept.some((k) => k.file === req.query.file)) return sendError(reply, 'NOT_FOUND');
        const path = join(folder, req.query.file);
        const { size } = await stat(path);
        return reply
          .type('application/gzip')
          .header('content-length', size)
          .header('content-disposition', `attachment; filename="${req.query.file}"`)
          .send(createReadStream(path));
      },
    );
  };
