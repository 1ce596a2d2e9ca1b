import type { CallDefinition } from '@wl/contracts';
import type { JsonSchema } from './json-schema.js';

/*
 * The shapes of the OpenAPI document, apart from the code that builds it (openapi.ts), so the
 * parts written elsewhere (games/wallet-docs.ts, banking/ops-docs.ts) depend on these types alone
 * and the builder depends on them: no import circle (ADR 0027).
 */

/** The parts of an OpenAPI 3.1 document this server writes. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  jsonSchemaDialect: string;
  servers: { url: string; description: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema>; responses: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  /** provider: the game providers' wallet callbacks (games/wallet-docs.ts); operator: the back-office API (banking/ops-docs.ts). */
  'x-access': CallDefinition['access'] | 'provider' | 'operator';
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: 'query' | 'path' | 'header'; required: boolean; schema: JsonSchema; description?: string }[];
  requestBody?: { required: true; content: { 'application/json': { schema: JsonSchema; example: unknown } } };
  responses: Record<string, unknown>;
}
