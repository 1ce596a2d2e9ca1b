import { z } from 'zod';

/** The JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) that Zod 4 writes, as far as the docs read it. */
export interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  $ref?: string;
  [key: string]: unknown;
}

/**
 * A payload schema as the client sends it (`io: 'input'`: before trims and lower-casing) or a
 * reply as the server answers it (`io: 'output'`). Zod's `$schema` key is dropped: inside an
 * OpenAPI 3.1 document the dialect is the document's.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** One row of a field table of the reference page. */
export interface FieldRow {
  /** Dotted path; `[]` marks the items of a list (`value[].game_code`). */
  name: string;
  type: string;
  required: boolean;
  rules: string[];
  description: string;
}

/** The fields of an object schema, nested objects and lists of objects flattened with dotted names. */
export function fieldRows(schema: JsonSchema, prefix = '', depth = 0): FieldRow[] {
  const rows: FieldRow[] = [];
  const required = new Set(schema.required ?? []);
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const name = prefix ? `${prefix}.${key}` : key;
    rows.push({
      name,
      type: typeName(property),
      required: required.has(key),
      rules: rulesOf(property),
      description: descriptionOf(property),
    });
    if (depth >= 4) continue;
    const nested = nestedObject(property);
    if (nested) rows.push(...fieldRows(nested.schema, `${name}${nested.suffix}`, depth + 1));
  }
  return rows;
}

/** The object inside a property worth its own rows: an object, a list of objects, a nullable one. */
function nestedObject(schema: JsonSchema): { schema: JsonSchema; suffix: string } | null {
  const inner = withoutNull(schema);
  if (inner.properties) return { schema: inner, suffix: '' };
  if (inner.items?.properties) return { schema: inner.items, suffix: '[]' };
  const first = inner.prefixItems?.[0];
  if (first?.properties) return { schema: first, suffix: '[0]' };
  return null;
}

/** A nullable schema (`anyOf: [X, {type: null}]`) without its null branch. */
function withoutNull(schema: JsonSchema): JsonSchema {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const rest = branches.filter((branch) => branch.type !== 'null');
    if (rest.length === 1 && rest[0]) return { ...rest[0], description: schema.description ?? rest[0].description };
  }
  return schema;
}

export function typeName(schema: JsonSchema): string {
  if (schema.const !== undefined) return typeof schema.const === 'number' ? 'number' : typeof schema.const;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return [...new Set(branches.map(typeName))].join(' | ');
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  if (schema.type === 'array') {
    if (schema.prefixItems) return `[${schema.prefixItems.map(typeName).join(', ')}]`;
    return schema.items ? `list of ${typeName(schema.items)}` : 'list';
  }
  if (schema.type === 'string' && schema.enum) return 'string (enum)';
  return schema.type ?? 'any';
}

/** The checks of a field in words: lengths, patterns, formats, allowed values, bounds. */
export function rulesOf(schema: JsonSchema): string[] {
  const rules: string[] = [];
  const inner = withoutNull(schema);
  if (inner !== schema) rules.push('may be null');
  if (inner.const !== undefined) rules.push(`always ${JSON.stringify(inner.const)}`);
  if (inner.enum) rules.push(`one of ${inner.enum.map((value) => JSON.stringify(value)).join(', ')}`);
  if (inner.minLength !== undefined && inner.maxLength !== undefined) rules.push(`${inner.minLength}–${inner.maxLength} characters`);
  else if (inner.minLength !== undefined) rules.push(`at least ${inner.minLength} characters`);
  else if (inner.maxLength !== undefined) rules.push(`at most ${inner.maxLength} characters`);
  if (inner.format) rules.push(`format ${inner.format}`);
  // A format already says what its (long) generated pattern says.
  if (inner.pattern && !inner.format) rules.push(`matches ${inner.pattern}`);
  for (const part of inner.allOf ?? []) if (part.pattern) rules.push(`matches ${part.pattern}`);
  if (inner.type === 'integer') rules.push('whole number');
  if (inner.minimum !== undefined) rules.push(`≥ ${inner.minimum}`);
  if (inner.exclusiveMinimum !== undefined) rules.push(`> ${inner.exclusiveMinimum}`);
  if (inner.maximum !== undefined) rules.push(`≤ ${inner.maximum}`);
  if (inner.exclusiveMaximum !== undefined) rules.push(`< ${inner.exclusiveMaximum}`);
  if (inner.minItems !== undefined) rules.push(`at least ${inner.minItems} items`);
  if (inner.maxItems !== undefined) rules.push(`at most ${inner.maxItems} items`);
  return rules;
}

function descriptionOf(schema: JsonSchema): string {
  return schema.description ?? withoutNull(schema).description ?? '';
}

/** Example values of the payload fields, valid against the contracts' rules. */
const FIELD_EXAMPLES: Record<string, unknown> = {
  domain_name: 'localhost',
  external_id: 'demo',
  account_id: 'demo',
  password: 'demo1234',
  new_password: 'newpass5678',
  auth: 'kq1D3mX0b9Vw7s2HfR8tYc4NzL6pQeJu5aGiWoBnUxE',
  contact_phone: '0123456789',
  contact_email: 'demo@example.com',
  full_name: 'Demo Player',
  tac: '123456',
  provider_code: 'EVOPLAY',
  game_code: 'fortune-reels',
  game_name: 'Fortune Reels',
  game_type: 'slots',
  img_url: '/api/media/game/EVOPLAY/fortune-reels.svg',
  page_name: 'home',
  inbox_id: 1,
  referrer_code: 'ABCD1234',
  ch: 'google',
  cm: 'cpc',
  pp: 'home',
  affiliate_code: 'AFF01',
  fbp: 'fb.1.1700000000000.1234567890',
  appsflyer_id: '1700000000000-1234567890123456789',
  visitor_id: 'v-5f2c9a',
  birth_date: '1990-01-01',
  // banking (ADR 0015)
  amount: '500.00',
  account_name: 'Demo Player',
  account_number: '001234567890',
  transfer_reference: 'FT24112200123',
  content_type: 'image/png',
  // A 1×1 PNG.
  data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  reason: 'Transfer matched on the bank statement',
  site: 'casino1.localhost',
  // sportsbook (ADR 0035)
  odds: '1.95',
  stake: '10.00',
  client_bet_id: 'slip-5f2c9a01',
  bet_id: 's:1',
  // identity and AML (ADR 0040)
  document_number: 'P1234567',
  note: 'Salary deposits, payslips seen',
  // content (ADR 0052)
  image_url: '/api/media/banner/casino1/welcome.svg',
  link: '/promotions',
  // CMS pages and SEO (ADR 0053)
  en_body: '<h2>Online slots</h2><p>Hundreds of games.</p>',
  local_body: '<h2>Máy đánh bạc</h2><p>Hàng trăm trò chơi.</p>',
  meta_url: '/slots',
  meta_canonical: '/slots',
  meta_image_url: '/api/media/logo/casino1/2.svg',
  meta_lang: 'en',
};

/** An example value of a schema: the field's known example, else one built from the schema. */
export function exampleOf(schema: JsonSchema, name?: string): unknown {
  if (name !== undefined && name in FIELD_EXAMPLES) {
    const known = FIELD_EXAMPLES[name];
    if (!schema.enum || schema.enum.includes(known)) return known;
  }
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.[0]) return exampleOf(branches.find((branch) => branch.type !== 'null') ?? branches[0], name);
  const type = Array.isArray(schema.type) ? schema.type.find((entry) => entry !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const example: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) example[key] = exampleOf(property, key);
      return example;
    }
    case 'array':
      if (schema.prefixItems) return schema.prefixItems.map((item) => exampleOf(item));
      return schema.items ? [exampleOf(schema.items)] : [];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string': {
      if (schema.format === 'date-time') return '2026-01-01T12:00:00.000Z';
      if (schema.format === 'email') return 'demo@example.com';
      const text = 'example';
      return text.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? text.length);
    }
    default:
      return null;
  }
}
