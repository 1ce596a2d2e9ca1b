import { CALLS, ERROR_KEYS, STATUS, failureReply, type CallDefinition, type CallName, type ErrorKey } from '@wl/contracts';
import { httpStatusOf } from '../http/calls.js';
import { exampleOf, jsonSchemaOf } from './json-schema.js';
import { providerWalletDocs } from '../games/wallet-docs.js';
import { OPERATOR_SECURITY_SCHEME, operatorDocs } from '../banking/ops-docs.js';
import type { OpenApiDocument, OpenApiOperation } from './openapi-types.js';

export const DOCS_VERSION = '1.0.0';

/** What each kind of access asks of the caller (docs/product.md §6, D5). */
export const ACCESS_TEXT: Record<CallDefinition['access'], string> = {
  public:
    'Public: names its site with `domain_name` and `external_id`, which must belong to the same site (else siteNotFound). ' +
    'A disabled site answers siteInactive, an expired one siteExpired.',
  session:
    'Session: sends `account_id` and `auth`, the session token answered by login, login_tac or signup. The token must be a live ' +
    'session of that account: an unknown, revoked or timed-out token (2 hours idle, 7 days in all) answers sessionExpired, a token of ' +
    'another account permissionDenied, a blocked account BLOCK, a closed one CLOSE. The site is the session\'s own.',
  none: 'No session and no external_id: the site is found by `domain_name` (or, for GET calls, by the request\'s host).',
};

/** Transport-level refusals that any call may answer, besides the keys of its own summary. */
function transportFailures(bodyLimitBytes: number): [status: number, text: string][] {
  return [
    [400, 'validationError: a payload that breaks the contract (wrong type, missing, unknown or oversized field), with a per-field `errors` map; malformed JSON gives `errors.body: ["invalidJson"]`.'],
    [404, 'notFound: no such call.'],
    [413, `payloadTooLarge: a body over ${Math.round(bodyLimitBytes / 1024)} KiB.`],
    [415, 'validationError with `errors.body: ["unsupportedMediaType"]`: a POST body that is not application/json.'],
  ];
}

/** The HTTP status of each error key, as the server sends it (http/calls.ts). */
export function errorStatuses(): { key: ErrorKey; status: number }[] {
  return ERROR_KEYS.map((key) => ({ key, status: httpStatusOf({ statusCode: STATUS.failure, message: key }) }));
}

function describeErrors(): string {
  const byStatus = new Map<number, ErrorKey[]>();
  for (const { key, status } of errorStatuses()) byStatus.set(status, [...(byStatus.get(status) ?? []), key]);
  const lines = [...byStatus.entries()].sort(([a], [b]) => a - b).map(([status, keys]) => `- **${status}**: ${keys.join(', ')}`);
  return lines.join('\n');
}

const SUCCESS_ENVELOPE =
  'Every reply is JSON. Success is HTTP 200 with `statusCode: 1`, `message: "OK"` and the named fields (lists in `value`). ' +
  'A business failure is `statusCode: 0` with an error key of letters only in `message` (the client translates it) and, for ' +
  'validationError, a per-field `errors` map of message keys. The HTTP status of a failure follows its key (below), but the JSON ' +
  'body is what the client reads: a reply with a JSON body is an application reply whatever its status (docs/product.md D4).';

function infoDescription(bodyLimitBytes: number): string {
  return [
    'The calls between the white-label sites and the platform (docs/product.md §7), generated from the shared contracts ' +
      '(packages/contracts): the same Zod schemas validate every payload on the server and the client.',
    '',
    '## Replies',
    SUCCESS_ENVELOPE,
    '',
    '## Access',
    `- ${ACCESS_TEXT.public}`,
    `- ${ACCESS_TEXT.session}`,
    `- ${ACCESS_TEXT.none}`,
    '',
    'Each operation says its access in its description and in `x-access`. The session token travels in the JSON body (`auth`), ' +
      'not in a header, so OpenAPI security schemes do not apply.',
    '',
    '## Error keys and HTTP statuses',
    describeErrors(),
    '',
    'Keys not listed under another status answer 422. Transport refusals:',
    ...transportFailures(bodyLimitBytes).map(([status, text]) => `- **${status}** ${text}`),
    '',
    '## Statistics',
    'The site statistics of docs/product.md §3 (withrawal, winner, hour_withdrawal, registered_player, active_player, deposited_player) are ' +
      'the `statistics` object of POST /api/home/fetch_transactions.',
  ].join('\n');
}

const TAG_TEXT: Record<string, string> = {
  Startup: 'What a site needs to render.',
  Auth: 'Login, one-time codes (TAC), signup, passwords, balance and VIP.',
  Favourites: "The player's favourite games.",
  Home: 'Home page lists: transactions and statistics, slides, announcements, marquee, referral.',
  Sportsbook: 'Matches and odds.',
  Product: 'Game lists.',
  Settings: "The player's profile.",
  Site: "The site's content and settings.",
  Inbox: "The player's inbox and its rewards.",
  Session: 'Session checks.',
  Tracking: 'Advertising and visit tracking.',
  Rewards: 'Missions, the lucky spin, frozen tokens (minigame) and the leaderboard.',
  Promotions: "The site's promotions and news, and joining or claiming a promotion.",
  Banking: "The player's bank accounts, deposits, withdrawals (held while pending), statement and bet history.",
};

/** Extra text of particular operations. */
const OPERATION_NOTES: Partial<Record<CallName, string>> = {
  fetchTransactions:
    'The site statistics of docs/product.md §3 live in this reply\'s `statistics` object: withrawal (spelt so: total approved withdrawals), ' +
    'winner, hour_withdrawal, registered_player, active_player and deposited_player, computed from the site\'s real data.',
  publicOdds: 'A GET call: the site is the one of the request\'s Host header; no query parameters.',
  matchList: 'A GET call: the site is the one of the request\'s Host header; no query parameters.',
};

function firstSentence(text: string): string {
  const match = /^(.+?[.!?])(\s|$)/.exec(text);
  return match?.[1] ?? text;
}

const FAILURE_REF = { $ref: '#/components/schemas/FailureReply' };

function operationOf(name: CallName, call: CallDefinition): OpenApiOperation {
  const payload = jsonSchemaOf(call.payload, 'input');
  const reply = jsonSchemaOf(call.reply, 'output');
  const description = [call.summary, '', `**Access.** ${ACCESS_TEXT[call.access]}`, OPERATION_NOTES[name] ? `\n${OPERATION_NOTES[name]}` : '']
    .join('\n')
    .trim();
  const operation: OpenApiOperation = {
    operationId: name,
    summary: firstSentence(call.summary),
    description,
    tags: [call.tag],
    'x-access': call.access,
    responses: {
      '200': {
        description: 'The success reply (statusCode 1), or a failure reply (statusCode 0) in the JSON body.',
        content: { 'application/json': { schema: { oneOf: [reply, FAILURE_REF] } } },
      },
      ...Object.fromEntries(failureStatuses(call).map((status) => [String(status), { $ref: '#/components/responses/Failure' }])),
    },
  };
  if (call.method === 'GET') {
    const required = new Set(payload.required ?? []);
    operation.parameters = Object.entries(payload.properties ?? {}).map(([key, schema]) => ({
      name: key,
      in: 'query' as const,
      required: required.has(key),
      schema,
      ...(schema.description ? { description: schema.description } : {}),
    }));
  } else {
    operation.requestBody = { required: true, content: { 'application/json': { schema: payload, example: exampleOf(payload) } } };
  }
  return operation;
}

/** The failure statuses a call may answer: its keys' statuses and the transport ones. */
function failureStatuses(call: CallDefinition): number[] {
  const statuses = new Set<number>([400, 404, 413, 415]);
  if (call.method === 'GET') statuses.delete(415);
  for (const { key, status } of errorStatuses()) {
    if (call.summary.includes(key) || key === 'internalServerError' || key === 'serviceUnavailable') statuses.add(status);
  }
  if (call.access === 'session') for (const status of [401, 403]) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

/** The OpenAPI 3.1 document of every call of the contracts; `bodyLimitBytes` is the server's body cap. */
export function buildOpenApiDocument(options: { bodyLimitBytes: number }): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const tags: string[] = [];
  for (const [name, call] of Object.entries(CALLS) as [CallName, CallDefinition][]) {
    (paths[call.path] ??= {})[call.method.toLowerCase()] = operationOf(name, call);
    if (!tags.includes(call.tag)) tags.push(call.tag);
  }
  const wallet = providerWalletDocs();
  Object.assign(paths, wallet.paths);
  const operator = operatorDocs();
  Object.assign(paths, operator.paths);
  return {
    openapi: '3.1.0',
    info: { title: 'White-label platform API', version: DOCS_VERSION, description: infoDescription(options.bodyLimitBytes) },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/', description: 'The site\'s own host: the same server answers every site.' }],
    tags: [...tags.map((name) => ({ name, ...(TAG_TEXT[name] ? { description: TAG_TEXT[name] } : {}) })), wallet.tag, operator.tag],
    paths,
    components: {
      schemas: { FailureReply: jsonSchemaOf(failureReply, 'output'), ...wallet.schemas },
      responses: {
        Failure: {
          description: 'A failure reply: statusCode 0 and an error key in `message` (see the error keys above).',
          content: { 'application/json': { schema: FAILURE_REF } },
        },
        ...wallet.responses,
      },
      securitySchemes: { operatorKey: OPERATOR_SECURITY_SCHEME },
    },
  };
}
