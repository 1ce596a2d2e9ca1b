import { ERROR_KEYS, OPERATOR_CALLS, STATUS, type OperatorCallDefinition } from '@wl/contracts';
import { exampleOf, jsonSchemaOf, type JsonSchema } from '../docs/json-schema.js';
import type { OpenApiOperation } from '../docs/openapi-types.js';
import { httpStatusOf } from '../http/calls.js';

/*
 * The operator API in the OpenAPI document (docs/openapi.ts adds it beside the calls of the
 * contracts): POST /api/ops/* with the sites' reply envelope, authenticated by an operator's API
 * key in the Authorization header (a security scheme of its own), never by a player session.
 */

export const OPERATOR_TAG = {
  name: 'Operator',
  description:
    'The back-office calls (ADR 0015): pending deposits and withdrawals, approving and rejecting them, balance adjustments, ' +
    "a player's statement, receipts, the audit log, and the site's money report and books check (ADR 0028). Every call sends `Authorization: Bearer <operator key>` (created with " +
    '`npm run ops -- create-operator`); a missing, unknown or disabled key answers invalidApiKey (401), a player\'s session token ' +
    'never works, and a key scoped to one site sees only that site (another site named: permissionDenied; another site\'s ' +
    'payment: notFound). Every change and every view of a statement, receipt or the pending list is written to the audit log with ' +
    'who, what, when and why, and so are failed authentications (past 30 from one address in 15 minutes: tooManyRequests, 429) and ' +
    'refused calls (ADR 0023). The log is append-only: the database refuses to update or delete its entries.',
};

export const OPERATOR_SECURITY_SCHEME = { type: 'http', scheme: 'bearer', description: 'An operator API key (wlop_...).' } as const;

const FAILURE_REF = { $ref: '#/components/responses/Failure' };

function operationOf(name: string, call: OperatorCallDefinition): OpenApiOperation {
  const payload = jsonSchemaOf(call.payload, 'input');
  const reply = jsonSchemaOf(call.reply, 'output');
  const statuses = new Set([400, 401, 403, 404, 413, 415, 500, 503]);
  for (const key of ERROR_KEYS) if (call.summary.includes(key)) statuses.add(httpStatusOf({ statusCode: STATUS.failure, message: key }));
  return {
    operationId: name,
    summary: /^(.+?[.!?])(\s|$)/.exec(call.summary)?.[1] ?? call.summary,
    description: `${call.summary}\n\n**Access.** Operator: \`Authorization: Bearer <operator key>\`.`,
    tags: [call.tag],
    'x-access': 'operator',
    security: [{ operatorKey: [] }],
    requestBody: { required: true, content: { 'application/json': { schema: payload, example: exampleOf(payload) as JsonSchema } } },
    responses: {
      '200': {
        description: 'The success reply (statusCode 1), or a failure reply (statusCode 0) in the JSON body.',
        content: { 'application/json': { schema: { oneOf: [reply, { $ref: '#/components/schemas/FailureReply' }] } } },
      },
      ...Object.fromEntries([...statuses].sort((a, b) => a - b).map((status) => [String(status), FAILURE_REF])),
    },
  };
}

/** The operator calls as OpenAPI paths. */
export function operatorDocs(): { tag: typeof OPERATOR_TAG; paths: Record<string, Record<string, OpenApiOperation>> } {
  const paths: Record<string, Record<string, OpenApiOperation>> = {};
  for (const [name, call] of Object.entries(OPERATOR_CALLS) as [string, OperatorCallDefinition][]) {
    paths[call.path] = { post: operationOf(name, call) };
  }
  return { tag: OPERATOR_TAG, paths };
}
