/** Types of scripts/fuzz-lib.mjs, for the TypeScript that imports it (the API's fuzz test, the soak). */

export type FuzzKind =
  | 'wrong-type'
  | 'missing-field'
  | 'extra-field'
  | 'unicode'
  | 'huge-body'
  | 'deep-nesting'
  | 'wrong-method'
  | 'content-type'
  | 'bad-encoding'
  | 'truncated'
  | 'broken-framing'
  | 'garbage-query'
  | 'garbage-path'
  | 'page'
  | 'bad-host';

export declare const KINDS: FuzzKind[];

/** One call: its method and path, the example payload, and the reply shape it answers in. */
export interface FuzzTarget {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  expect: 'api' | 'provider';
  example: Record<string, unknown>;
}

/** One malformed request. */
export interface FuzzCase {
  index?: number;
  kind?: FuzzKind;
  target?: string;
  method: string;
  path: string;
  body: Buffer;
  contentType?: string | null;
  contentEncoding?: string;
  declaredLength?: number;
  framing?: string;
  hostHeader?: string;
  close?: 'end' | 'destroy' | 'destroy-after-reply';
  expect?: 'api' | 'provider' | 'page' | 'protocol';
}

export type FuzzOutcome =
  | { status: number; headers: Record<string, string>; body: string; ms: number; error?: undefined }
  | { error: string; ms: number; status?: undefined; headers?: undefined; body?: string };

export interface FuzzVerdict {
  verdict: 'ok' | 'failure' | 'reset' | 'timeout';
  reason?: string;
}

export interface FuzzProblem extends FuzzVerdict {
  fuzzCase: FuzzCase;
  /** Epoch milliseconds the case was sent and answered (or given up). */
  sentAt: number;
  answeredAt: number;
}

export interface FuzzKindRow {
  sent: number;
  ok: number;
  failures: number;
  resets: number;
  timeouts: number;
  statuses: Map<number | string, number>;
}

export interface FuzzSummary {
  seed: number;
  count: number;
  calls: number;
  seconds: number;
  byKind: Map<FuzzKind, FuzzKindRow>;
  problems: FuzzProblem[];
  failures: FuzzProblem[];
  aliveAfter: boolean;
}

export interface SendOptions {
  timeoutMs?: number;
  /** The Host header (default the URL's host). */
  host?: string;
  /** Headers on every request (an operator key). */
  headers?: Record<string, string>;
}

export declare function targetsFromOpenApi(document: unknown): FuzzTarget[];
export declare function loadTargets(baseUrl: string, options?: { timeoutMs?: number }): Promise<FuzzTarget[]>;
export declare function generateCases(options: { targets: FuzzTarget[]; count: number; seed: number; kinds?: FuzzKind[] }): FuzzCase[];
export declare function requestBytes(fuzzCase: FuzzCase, host: string, headers?: Record<string, string>): Buffer;
export declare function sendCase(baseUrl: string, fuzzCase: FuzzCase, options?: SendOptions): Promise<FuzzOutcome>;
export declare function parseReply(raw: Buffer): FuzzOutcome;
export declare function classify(fuzzCase: FuzzCase, outcome: FuzzOutcome): FuzzVerdict;
export declare function runFuzz(
  options: SendOptions & {
    baseUrl: string;
    count?: number;
    seed?: number;
    concurrency?: number;
    targets?: FuzzTarget[];
    kinds?: FuzzKind[];
    onProgress?: (done: number, total: number) => void;
  },
): Promise<FuzzSummary>;
export declare function formatSummary(summary: FuzzSummary): string;
export declare function reproducerOf(problem: FuzzProblem, summary: FuzzSummary, host?: string): string;
