import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { LAUNCH_MODES, LAUNCH_SIGNATURE_PARAM, LAUNCH_SIGNED_PARAMS, type LaunchMode } from '@wl/contracts';
import type { ProviderAdapter } from './adapter.js';
import { SeamlessAdapter, type CallbackAuthenticator, type SeamlessIntegrationConfig } from './seamless.js';

/*
 * The game providers' integrations, from the environment:
 *   GAME_PROVIDERS='{"PG": {"adapter": "seamless", "launch_url": "https://…", "secret": "…", "mode": "iframe"}}'
 * or GAME_PROVIDERS_FILE=<path of a file holding that JSON>. Keys are provider codes (any case).
 * A provider without an integration has its games listed, and launching them answers
 * gameNotAvailable. The configuration is checked when the server starts: a bad one stops it with
 * a message naming the field, never quoting a value (values hold secrets).
 */

const RESERVED_LAUNCH_PARAMS: readonly string[] = [...LAUNCH_SIGNED_PARAMS, LAUNCH_SIGNATURE_PARAM];

const launchUrl = z.string().superRefine((value, ctx) => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be an absolute http(s) address' });
    return;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') ctx.addIssue({ code: 'custom', message: 'must be an http(s) address' });
  if (url.username || url.password) ctx.addIssue({ code: 'custom', message: 'must not carry credentials (use secret)' });
  if (url.hash) ctx.addIssue({ code: 'custom', message: 'must not have a #fragment' });
  const taken = [...url.searchParams.keys()].filter((name) => RESERVED_LAUNCH_PARAMS.includes(name));
  if (taken.length) ctx.addIssue({ code: 'custom', message: `must not set the launch parameters ${taken.join(', ')} itself` });
});

const seamlessIntegration = z.strictObject({
  adapter: z.literal('seamless'),
  launch_url: launchUrl,
  secret: z.string().min(16, 'must be at least 16 characters').max(1024, 'must be at most 1024 characters'),
  mode: z.enum(LAUNCH_MODES, `must be one of ${LAUNCH_MODES.join(', ')}`).optional(),
});

/** One integration; the adapter names its kind (only the generic HMAC seamless wallet today). */
const integration = z.discriminatedUnion('adapter', [seamlessIntegration], 'adapter must be "seamless"');

const providersConfig = z.record(
  z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'provider codes are 1–32 letters, digits, _ or -'),
  integration,
);

/** The validated integrations, keyed by provider code in upper case. */
export type GameProvidersConfig = Record<string, SeamlessIntegrationConfig>;

/** Reads and validates the integrations of GAME_PROVIDERS or GAME_PROVIDERS_FILE (none when neither is set). */
export function loadGameProviders(env: NodeJS.ProcessEnv): GameProvidersConfig {
  const inline = env.GAME_PROVIDERS?.trim();
  const file = env.GAME_PROVIDERS_FILE?.trim();
  if (inline && file) throw new Error('Set GAME_PROVIDERS or GAME_PROVIDERS_FILE, not both');
  if (file) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new Error(`GAME_PROVIDERS_FILE cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}): ${file}`);
    }
    return parseGameProviders(text, `GAME_PROVIDERS_FILE (${file})`);
  }
  return inline ? parseGameProviders(inline, 'GAME_PROVIDERS') : {};
}

/** Parses the JSON of the integrations; `source` names it in errors. */
export function parseGameProviders(text: string, source: string): GameProvidersConfig {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // JSON.parse's own message quotes the text around the error, which may be a secret.
    throw new Error(`${source} is not valid JSON`);
  }
  const parsed = providersConfig.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      // A bad provider code: its own rule's message rather than Zod's "Invalid key in record".
      const message = issue.code === 'invalid_key' ? issue.issues.map((inner) => inner.message).join(', ') : issue.message;
      return `${issue.path.map(String).join('.') || '(top level)'}: ${message}`;
    });
    throw new Error(`${source} is invalid: ${problems.join('; ')}`);
  }
  const config: GameProvidersConfig = {};
  for (const [code, value] of Object.entries(parsed.data)) {
    const key = code.toUpperCase();
    if (config[key]) throw new Error(`${source} is invalid: provider ${key} is configured twice`);
    config[key] = value;
  }
  return config;
}

/** A configured provider: how to launch its games and how to authenticate its callbacks. */
export interface ProviderIntegration {
  /** The provider code in upper case. */
  code: string;
  /** How its games open, unless the adapter says otherwise. */
  mode: LaunchMode | undefined;
  adapter: ProviderAdapter;
  /** The seamless wallet's signature check; null for an integration with no wallet callbacks. */
  callbacks: CallbackAuthenticator | null;
}

export interface GameProviderRegistry {
  /** The integration of a provider code (any case), if configured. */
  get(code: string): ProviderIntegration | undefined;
  /** The configured provider codes (upper case), for the start-up log. */
  readonly codes: readonly string[];
  /** Origins of the configured launch addresses: the site's pages may frame them (/playnow). */
  readonly frameOrigins: readonly string[];
}

/** An integration made in code rather than configured (the mounted house studio), with its frame origin once known. */
export interface BuiltInIntegration {
  integration: ProviderIntegration;
  frameOrigin(): string | null;
}

/**
 * The configured integrations, and the built-in ones (a configured integration of the same code
 * wins: the studio run as a service of its own replaces the mounted one).
 */
export function createProviderRegistry(config: GameProvidersConfig = {}, builtIn: readonly BuiltInIntegration[] = []): GameProviderRegistry {
  const integrations = new Map<string, ProviderIntegration>();
  const added = builtIn.filter(({ integration }) => !Object.keys(config).some((code) => code.toUpperCase() === integration.code));
  for (const { integration } of added) integrations.set(integration.code, integration);
  for (const [code, settings] of Object.entries(config)) {
    const adapter = new SeamlessAdapter(settings);
    integrations.set(code.toUpperCase(), { code: code.toUpperCase(), mode: settings.mode, adapter, callbacks: adapter });
  }
  const configuredOrigins = [...new Set(Object.values(config).map((settings) => new URL(settings.launch_url).origin))];
  return {
    get: (code) => integrations.get(code.toUpperCase()),
    codes: [...integrations.keys()],
    // Read per page: a built-in origin is known only once the server listens.
    get frameOrigins() {
      const late = added.map(({ frameOrigin }) => frameOrigin()).filter((origin): origin is string => origin !== null);
      return late.length ? [...new Set([...configuredOrigins, ...late])] : configuredOrigins;
    },
  };
}
