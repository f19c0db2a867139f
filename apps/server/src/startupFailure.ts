/**
 * When the books cannot be opened (a migration failed, an earlier release's folder could not be carried over), the
 * server still listens: every page shows the owner, in Arabic, what failed and that nothing changed, and every API
 * call and health answer 503 with the same code, so no till sells into a database that is not there. The log says the
 * same in English for whoever supports the shop.
 */
import { messagesAr } from '@mizan/contract';
import Fastify from 'fastify';

export type StartupFailure = {
  /** What failed, in Arabic, for the owner. */
  title: string;
  /** Where it failed and PostgreSQL's or the system's own words (English), for support. */
  detail: string;
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function startupFailurePage({ title, detail }: StartupFailure) {
  return `<!doctype html>
<html lang="ar" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>ميزان: تعذر فتح قاعدة البيانات</title>
<style>
body{font-family:system-ui,"Noto Kufi Arabic",sans-serif;margin:0;background:#f7f7f5;color:#1d1d1b}
main{max-width:40rem;margin:10vh auto;padding:2rem;background:#fff;border-radius:12px;border:1px solid #ddd}
h1{font-size:1.4rem;color:#a11} p{line-height:1.9} code{display:block;direction:ltr;text-align:left;white-space:pre-wrap;
background:#f0f0ee;padding:.75rem;border-radius:8px;font-size:.85rem}
@media (prefers-color-scheme: dark){body{background:#151514;color:#eee}main{background:#222;border-color:#444}
code{background:#333}h1{color:#f77}}
</style></head>
<body><main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(messagesAr.DATABASE_UPGRADE_FAILED)}.</p>
<p>بياناتك محفوظة كما كانت قبل هذا التشغيل. أرسل النص التالي للدعم الفني:</p>
<code>${escapeHtml(detail)}</code>
</main></body></html>`;
}

export async function serveStartupFailure(failure: StartupFailure, { port, host }: { port: number; host: string }) {
  const app = Fastify({ logger: false });
  const apiAnswer = {
    error: { code: 'DATABASE_UPGRADE_FAILED', message: `${messagesAr.DATABASE_UPGRADE_FAILED} (${failure.title})` },
  };
  app.all('/api/*', async (_req, reply) => reply.code(503).send(apiAnswer));
  app.all('/api23/*', async (_req, reply) => reply.code(503).send(apiAnswer));
  app.setNotFoundHandler(async (_req, reply) =>
    reply.code(503).type('text/html; charset=utf-8').send(startupFailurePage(failure)),
  );
  await app.listen({ port, host });
  return app;
}
