import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { SiteLookup } from '../sites/index.js';
import { previewFrameSource } from './site-preview.js';

/*
 * The back office's single-page app (packages/admin, ADR 0045) under /admin: its hashed files
 * under /admin/assets/, and its page for /admin and every path below it (the app routes in the
 * browser). The page is never cached and runs under a strict content security policy: its own
 * scripts and styles only, images of its own or drawn in the page (the QR code, receipts).
 */

const PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/**
 * With ADMIN_HOSTS set, the back office exists on those host names only: elsewhere /admin and the
 * sign-in answer 404 and an operator call's cookie is ignored (a key still works). A player site
 * runs its operator's analytics scripts; on the same origin as the console they could act with an
 * operator's session, so production gives the console a host of its own (ADR 0045).
 */
export function keepBackOfficeToHosts(app: FastifyInstance, hosts: string[]): void {
  const allowed = new Set(hosts);
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    if (!url.startsWith('/admin') && !url.startsWith('/api/admin/') && !url.startsWith('/api/ops/')) return done();
    if (allowed.has(request.hostname.toLowerCase())) return done();
    if (url.startsWith('/api/ops/')) {
      delete request.headers.cookie;
      return done();
    }
    if (url === '/admin' || url.startsWith('/admin/') || url.startsWith('/admin?') || url.startsWith('/api/admin/')) {
      return void reply.code(404).type('application/json; charset=utf-8').send({ statusCode: 0, message: 'notFound' });
    }
    done();
  });
}

/** The page's policy; the site editor's page may also frame the one site it edits (its preview, ADR 0049). */
export const adminPagePolicy = (frameSource: string | null): string => (frameSource ? `${PAGE_POLICY}; frame-src ${frameSource}` : PAGE_POLICY);

export async function registerAdminApp(app: FastifyInstance, dir: string, sites: SiteLookup | null = null): Promise<void> {
  const indexFile = path.join(dir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`No back-office build at ${dir}: /admin answers 503 until npm run build`);
    const notBuilt = async (_request: unknown, reply: FastifyReply) =>
      reply.code(503).type('text/plain; charset=utf-8').send('The back office is not built: run npm run build.');
    app.get('/admin', notBuilt);
    app.get('/admin/*', notBuilt);
    return;
  }
  const page = readFileSync(indexFile, 'utf8');
  await app.register(fastifyStatic, {
    root: path.join(dir, 'assets'),
    prefix: '/admin/assets/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
    index: false,
    wildcard: false,
  });
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', adminPagePolicy(await previewFrameSource(request, sites)))
      .header('x-frame-options', 'DENY')
      .header('x-robots-tag', 'noindex, nofollow')
      .send(page);
  app.get('/admin', sendPage);
  app.get('/admin/*', sendPage);
}
