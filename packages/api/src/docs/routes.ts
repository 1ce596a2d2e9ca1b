import type { FastifyInstance, FastifyReply } from 'fastify';
import { renderDocsPage } from './html.js';
import { buildOpenApiDocument } from './openapi.js';

/** The page has inline styles only: no script, no frame, nothing fetched. */
const DOCS_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * GET /api/docs/openapi.json (OpenAPI 3.1 from the contracts) and GET /api/docs (its reference
 * page). Both are generated once, when the app is built, and served from memory.
 */
export function registerDocsRoutes(app: FastifyInstance): void {
  const document = buildOpenApiDocument({ bodyLimitBytes: app.initialConfig.bodyLimit ?? 1024 * 1024 });
  const json = JSON.stringify(document);
  const html = renderDocsPage(document);

  app.get('/api/docs/openapi.json', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=300').send(json),
  );
  const page = async (_request: unknown, reply: FastifyReply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('content-security-policy', DOCS_CSP)
      .send(html);
  app.get('/api/docs', page);
  app.get('/api/docs/', page);
}
