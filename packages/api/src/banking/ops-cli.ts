import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ADMIN_AUTH_CALLS, OPERATOR_CALLS, OPERATOR_ROLES, type OperatorRole, type OperatorCallName, type OpsAmlFlag, type OpsBooksReply, type OpsInboxSendReply, type OpsKycDocument, type OpsPayment, type OpsReportReply, type OpsStatementReply, type SiteCompliance } from '@wl/contracts';
import { openDatabase, type Database } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { loadSiteByDomain, readSiteFile, siteFileText, writeSiteFile } from '../sites/index.js';
import { createOperatorAccount } from '../backoffice/index.js';
import { brandOwners } from '../db/schema.js';
import { booksText, reportCsv, reportTable } from './ops-books-print.js';
import { runOperatorCall, type OperatorReply } from './ops-calls.js';
import { createOperator, disableOperator, OPERATOR_NAME, type Actor } from './operators.js';

/*
 * `npm run ops -- <command>`: the operator's command-line tool (ADR 0015). It works on the
 * database directly (DATABASE_URL, else the PGlite folder DATA_DIR as npm start uses it), or, given
 * OPS_URL and OPS_KEY, through a running server's operator HTTP API. Both paths use the same
 * operations and checks (operations.ts); at the database, the actor recorded in the audit log is
 * `cli:<--operator or the OS user>`, through the API the key's operator.
 */

export const HELP = `Operator tool: pending deposits and withdrawals, approvals, adjustments, statements, reports, books.

Usage: npm run ops -- <command> [options]

Commands
  pending [--site <domain>] [--kind deposit|withdrawal] [--page N] [--page-size N]
                              Pending requests, oldest first (every site when --site is left out)
  approve-deposit <id> --reason <text>     Credit the deposit (once), VIP progress, promotion reward
  reject-deposit <id> --reason <text>      Refuse it; nothing is credited
  approve-withdrawal <id> --reason <text>  Pay out the held amount
  reject-withdrawal <id> --reason <text>   Return the held amount to the player's balance
  adjust --site <domain> --account <account id> --amount <+/-decimal> --reason <text> [--key <idempotency key>] [--ticket <sports ticket>]
                              Credit (+) or debit (-) a player's balance (never below zero); a debit with
                              --ticket recovers what a corrected sports result left unrecovered on that bet
  statement --site <domain> --account <account id> [--ledger balance|tokens|frozen_tokens|held]
            [--type <type>[,<type>...]] [--from <ISO time>] [--to <ISO time>] [--page N] [--page-size N]
                              A player's ledger entries with balances and totals
  receipt <id> --out <file>   Save a deposit's receipt image
  report --site <domain> [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--csv]
                              Money per day in the site's time zone: deposits, withdrawals, bets, wins,
                              GGR, bonuses, NGR, active/new players, first-time depositors (default: 30 days)
  books --check [--site <domain>]
                              Each site's trial balance and every mismatch (wallet vs its transfers,
                              account below zero); exit code 1 when the books do not balance
  sports-result <match id> --home N --away N --reason <text>
                              Enter a match's final score: settles every bet it decides, once
  sports-correct <match id> --home N --away N --reason <text>
                              Replace a resulted match's score: settles its bets again, paying or
                              taking back the differences (never below a zero balance)
  sports-void <match id> [--market 1X2|HDP|OU [--line <line>]] --reason <text>
                              Void a market (or the whole match): its legs settle at price 1.00
  sports-hold <match id> --reason <text>     No bets or cash-outs on the match until released
  sports-release <match id> --reason <text>  Release an operator's hold
  sports-liability <match id> [--site <domain>]
                              Open bets, stakes and potential returns per selection
  aml-flags [--site <domain>] [--status open|escalated|cleared] [--account <account id>] [--page N] [--page-size N]
                              Anti-money-laundering flags, oldest first, with their reason and evidence
  aml-clear <flag id> --note <text>      Clear a flag: the player's withdrawals can be paid once no flag holds them
  aml-escalate <flag id> --note <text>   Escalate an open flag to the compliance officer (it still holds them)
  kyc-pending [--site <domain>] [--page N]  Identity documents waiting for review, oldest first
  kyc-image <id> --out <file>               Save a document's image (the view is audited)
  kyc-approve <id> [--number <document number>] --reason <text>
                              Approve a document; an identity document needs its number
  kyc-reject <id> --reason <text>           Reject it; the player sees the reason
  compliance --site <domain>                The site's age, identity and AML rules
  compliance-set --site <domain> [--minimum-age N] [--kyc-first-withdrawal on|off]
                 [--kyc-above <amount>|off] [--kyc-level identity|full] [--player-cancels on|off]
                 [--aml-large-deposit <amount>|off] [--aml-large-withdrawal <amount>|off]
                 [--aml-period-deposits <amount>/day|week|month|off] [--aml-low-turnover <share 0-1>|off]
                 [--aml-small-deposits <below>/<count>/day|week|month|off] [--aml-shared-bank on|off]
                 [--aml-shared-device on|off] --reason <text>
                              Change some of the site's rules; the others stay
  inbox-send --site <domain> --campaign <key> (--accounts <id>[,<id>...] | --segment all|depositors|non_depositors)
             --title <text> --body <text> [--reward <amount> --reward-type balance|token] --reason <text>
                              An inbox message (and a reward to claim) to players; once per player and
                              campaign; never to a player under a time-out or self-exclusion
  site apply <file> [--reason <text>]
                              Create or update a site from a JSON or YAML definition (examples/sites/);
                              the logo files it names are read from beside it
  site export <domain> [--out <file>]
                              A site's definition (YAML, JSON for a .json name) and its logo files;
                              printed without --out
  audit [--site <domain>] [--page N]        The audit log, newest first
  create-operator --name <name> [--site <domain>]
                              Create an operator for the HTTP API; prints its key once
  disable-operator --name <name>            The operator's key stops working
  create-account --username <name> --role owner|admin|finance|support|content|viewer
                 [--site <domain>[,<domain>...]] [--brand-owner <name>]
                              A back-office account (every site of its brand owner unless --site);
                              prints its first password once; TOTP is enrolled at the first login
  help                        This text

Options
  --operator <name>   Who you are, for the audit log (default: your OS user name)
  --json              Print the reply as JSON

Where it works
  DATABASE_URL=postgres://...   PostgreSQL, beside running servers.
  DATA_DIR=<folder>             The embedded PGlite database (default ./data). PGlite allows ONE process:
                                refused while a server holds the folder (it says which and where);
                                stop the server first, or use OPS_URL and OPS_KEY instead.
  OPS_URL=http://host:port OPS_KEY=<operator key>
  OPS_URL=http://host:port OPS_USER=<back-office user> OPS_PASSWORD=<password> [OPS_TOTP=<code>]
                                Through a running server's operator API (/api/ops/*); every command but
                                create-operator, disable-operator and create-account.
Every change is recorded in the audit log with who, what, when and why.`;

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

class UsageError extends Error {}

type Values = Record<string, string | boolean | undefined>;

const OPTIONS = {
  site: { type: 'string' },
  kind: { type: 'string' },
  reason: { type: 'string' },
  account: { type: 'string' },
  amount: { type: 'string' },
  key: { type: 'string' },
  ticket: { type: 'string' },
  type: { type: 'string' },
  ledger: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  page: { type: 'string' },
  'page-size': { type: 'string' },
  out: { type: 'string' },
  home: { type: 'string' },
  away: { type: 'string' },
  market: { type: 'string' },
  line: { type: 'string' },
  name: { type: 'string' },
  status: { type: 'string' },
  note: { type: 'string' },
  number: { type: 'string' },
  campaign: { type: 'string' },
  username: { type: 'string' },
  role: { type: 'string' },
  'brand-owner': { type: 'string' },
  accounts: { type: 'string' },
  segment: { type: 'string' },
  title: { type: 'string' },
  body: { type: 'string' },
  reward: { type: 'string' },
  'reward-type': { type: 'string' },
  'minimum-age': { type: 'string' },
  'kyc-first-withdrawal': { type: 'string' },
  'kyc-above': { type: 'string' },
  'kyc-level': { type: 'string' },
  'player-cancels': { type: 'string' },
  'aml-large-deposit': { type: 'string' },
  'aml-large-withdrawal': { type: 'string' },
  'aml-period-deposits': { type: 'string' },
  'aml-low-turnover': { type: 'string' },
  'aml-small-deposits': { type: 'string' },
  'aml-shared-bank': { type: 'string' },
  'aml-shared-device': { type: 'string' },
  operator: { type: 'string' },
  json: { type: 'boolean' },
  csv: { type: 'boolean' },
  check: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const DECISION_COMMANDS: Record<string, OperatorCallName> = {
  'approve-deposit': 'opsDepositApprove',
  'reject-deposit': 'opsDepositReject',
  'approve-withdrawal': 'opsWithdrawalApprove',
  'reject-withdrawal': 'opsWithdrawalReject',
};

function intOf(value: string | boolean | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^\d+$/.test(value)) throw new UsageError(`--${name} must be a whole number`);
  return Number(value);
}

function required(values: Values, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value;
}

function matchArgument(positionals: string[]): number {
  const id = positionals[1];
  if (!id || !/^\d+$/.test(id)) throw new UsageError(`${positionals[0]} needs the match id (match_list's match_id): ${positionals[0]} <match id> ...`);
  return Number(id);
}

function idArgument(positionals: string[]): number {
  const id = positionals[1];
  if (!id || !/^\d+$/.test(id)) throw new UsageError(`${positionals[0]} needs the request id: ${positionals[0]} <id> --reason <text>`);
  return Number(id);
}

function flagArgument(positionals: string[]): number {
  const id = positionals[1];
  if (!id || !/^\d+$/.test(id)) throw new UsageError(`${positionals[0]} needs the flag id (aml-flags' ID): ${positionals[0]} <flag id> --note <text>`);
  return Number(id);
}

function documentArgument(positionals: string[]): number {
  const id = positionals[1];
  if (!id || !/^\d+$/.test(id)) throw new UsageError(`${positionals[0]} needs the document id (kyc-pending's ID): ${positionals[0]} <id> ...`);
  return Number(id);
}

/**
 * The AML rules a compliance-set changes (undefined: none). `off` switches a rule off; the parts of
 * a rule are separated by slashes (100000/week); the call's contract checks the values.
 */
function amlChange(values: Values): Record<string, unknown> | undefined {
  const rule = <T>(name: string, parse: (parts: string[]) => T): T | null | undefined => {
    const value = values[name];
    if (value === undefined) return undefined;
    if (value === 'off') return null;
    return parse(String(value).split('/'));
  };
  const parts = (name: string, split: string[], count: number, form: string) => {
    if (split.length !== count || split.some((part) => part === '')) throw new UsageError(`--${name} must be ${form} or off`);
    return split;
  };
  const change = clean({
    large_deposit: rule('aml-large-deposit', (p) => ({ above: parts('aml-large-deposit', p, 1, '<amount>')[0] })),
    large_withdrawal: rule('aml-large-withdrawal', (p) => ({ above: parts('aml-large-withdrawal', p, 1, '<amount>')[0] })),
    period_deposits: rule('aml-period-deposits', (p) => {
      const [above, period] = parts('aml-period-deposits', p, 2, '<amount>/<day|week|month>');
      return { above, period };
    }),
    low_turnover: rule('aml-low-turnover', (p) => ({ share: parts('aml-low-turnover', p, 1, '<share>')[0] })),
    small_deposits: rule('aml-small-deposits', (p) => {
      const [below, count, period] = parts('aml-small-deposits', p, 3, '<below>/<count>/<day|week|month>');
      return { below, count: intOf(count, 'aml-small-deposits count'), period };
    }),
    shared_bank_account: onOff(values['aml-shared-bank'], 'aml-shared-bank'),
    shared_device: onOff(values['aml-shared-device'], 'aml-shared-device'),
  });
  return Object.keys(change).length > 0 ? change : undefined;
}

/** `on` or `off` as true or false (undefined when left out). */
function onOff(value: string | boolean | undefined, name: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === 'on' || value === 'off') return value === 'on';
  throw new UsageError(`--${name} must be on or off`);
}

/** The payload of an operator call from the command line, without undefined fields. */
function clean(payload: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(payload).filter(([, value]) => value !== undefined));
}

/** The operator call a command makes, and its payload (checked by the call's contract either way). */
function callOf(command: string, positionals: string[], values: Values, cwd = '.'): { call: OperatorCallName; payload: Record<string, unknown> } {
  const page = { page: intOf(values.page, 'page'), page_size: intOf(values['page-size'], 'page-size') };
  const decision = DECISION_COMMANDS[command];
  if (decision) return { call: decision, payload: { payment_id: idArgument(positionals), reason: required(values, 'reason') } };
  switch (command) {
    case 'pending':
      return { call: 'opsPending', payload: clean({ site: values.site, kind: values.kind, ...page }) };
    case 'adjust':
      return {
        call: 'opsAdjust',
        payload: clean({
          site: required(values, 'site'),
          account_id: required(values, 'account'),
          amount: required(values, 'amount'),
          reason: required(values, 'reason'),
          idempotency_key: values.key,
          sports_ticket: values.ticket,
        }),
      };
    case 'statement':
      return {
        call: 'opsStatement',
        payload: clean({
          site: required(values, 'site'),
          account_id: required(values, 'account'),
          account: values.ledger,
          types: typeof values.type === 'string' ? values.type.split(',').map((type) => type.trim()) : undefined,
          from: values.from,
          to: values.to,
          ...page,
        }),
      };
    case 'receipt':
      return { call: 'opsReceipt', payload: { receipt_id: idArgument(positionals) } };
    case 'audit':
      return { call: 'opsAudit', payload: clean({ site: values.site, ...page }) };
    case 'report':
      return { call: 'opsReport', payload: clean({ site: required(values, 'site'), from: values.from, to: values.to }) };
    case 'books':
      return { call: 'opsBooks', payload: clean({ site: values.site }) };
    case 'sports-result':
    case 'sports-correct':
      return {
        call: command === 'sports-result' ? 'opsSportsResult' : 'opsSportsCorrect',
        payload: { match_id: matchArgument(positionals), home_score: intOf(required(values, 'home'), 'home'), away_score: intOf(required(values, 'away'), 'away'), reason: required(values, 'reason') },
      };
    case 'sports-void':
      return { call: 'opsSportsVoid', payload: clean({ match_id: matchArgument(positionals), bet_type: values.market, line: values.line, reason: required(values, 'reason') }) };
    case 'sports-hold':
    case 'sports-release':
      return { call: 'opsSportsHold', payload: { match_id: matchArgument(positionals), held: command === 'sports-hold', reason: required(values, 'reason') } };
    case 'sports-liability':
      return { call: 'opsSportsLiability', payload: clean({ match_id: matchArgument(positionals), site: values.site }) };
    case 'aml-flags':
      return { call: 'opsAmlFlags', payload: clean({ site: values.site, status: values.status, account_id: values.account, ...page }) };
    case 'aml-clear':
    case 'aml-escalate':
      return { call: 'opsAmlDecide', payload: { flag_id: flagArgument(positionals), decision: command === 'aml-clear' ? 'clear' : 'escalate', note: required(values, 'note') } };
    case 'kyc-pending':
      return { call: 'opsKycPending', payload: clean({ site: values.site, ...page }) };
    case 'kyc-image':
      return { call: 'opsKycImage', payload: { document_id: documentArgument(positionals) } };
    case 'kyc-approve':
    case 'kyc-reject':
      return {
        call: 'opsKycReview',
        payload: clean({
          document_id: documentArgument(positionals),
          decision: command === 'kyc-approve' ? 'approve' : 'reject',
          reason: required(values, 'reason'),
          document_number: command === 'kyc-approve' ? values.number : undefined,
        }),
      };
    case 'inbox-send':
      return {
        call: 'opsInboxSend',
        payload: clean({
          site: required(values, 'site'),
          campaign: required(values, 'campaign'),
          account_ids: typeof values.accounts === 'string' ? values.accounts.split(',').map((id) => id.trim()) : undefined,
          segment: values.segment,
          title: required(values, 'title'),
          body: typeof values.body === 'string' ? values.body.replaceAll('\\n', '\n') : undefined,
          reward_amount: values.reward,
          reward_type: values['reward-type'],
          reason: required(values, 'reason'),
        }),
      };
    case 'compliance':
      return { call: 'opsCompliance', payload: { site: required(values, 'site') } };
    case 'site': {
      // Sites as code (ADR 0043): the file is read here, so the same payload goes to the database or a server.
      const target = positionals[2];
      if (positionals[1] === 'export' && target) return { call: 'opsSiteExport', payload: { site: target } };
      if (positionals[1] !== 'apply' || !target) throw new UsageError('site apply <file> | site export <domain> [--out <file>]');
      const read = readSiteFile(path.resolve(cwd, target));
      return { call: 'opsSiteApply', payload: { ...read, reason: typeof values.reason === 'string' ? values.reason : `Applied ${path.basename(target)}` } };
    }
    case 'compliance-set':
      return {
        call: 'opsComplianceSet',
        payload: clean({
          site: required(values, 'site'),
          minimum_age: intOf(values['minimum-age'], 'minimum-age'),
          kyc_before_first_withdrawal: onOff(values['kyc-first-withdrawal'], 'kyc-first-withdrawal'),
          kyc_withdrawals_above: values['kyc-above'] === 'off' ? null : values['kyc-above'],
          kyc_level: values['kyc-level'],
          player_cancels_withdrawals: onOff(values['player-cancels'], 'player-cancels'),
          aml: amlChange(values),
          reason: required(values, 'reason'),
        }),
      };
    default:
      throw new UsageError(`Unknown command: ${command}. Try: npm run ops -- help`);
  }
}

type Reply = OperatorReply;

/** How the CLI authenticates to a server: an operator key, or a back-office login (ADR 0044). */
type RemoteCredentials = { authorization: string } | { cookie: string };

async function postRemote(url: string, path: string, payload: unknown, credentials: RemoteCredentials | null): Promise<{ reply: Reply; setCookie: string | null }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (credentials && 'authorization' in credentials) headers.authorization = credentials.authorization;
  if (credentials && 'cookie' in credentials) headers.cookie = credentials.cookie;
  const response = await fetch(new URL(path, url), { method: 'POST', headers, body: JSON.stringify(payload), signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  try {
    return { reply: JSON.parse(text) as Reply, setCookie: response.headers.get('set-cookie') };
  } catch {
    throw new Error(`${url} answered HTTP ${response.status} without JSON: ${text.slice(0, 200)}`);
  }
}

/** Runs an operator call through a server's operator API. */
async function runOverHttp(url: string, credentials: RemoteCredentials, call: OperatorCallName, payload: Record<string, unknown>): Promise<Reply> {
  return (await postRemote(url, OPERATOR_CALLS[call].path, payload, credentials)).reply;
}

/**
 * Logs in to the back office as OPS_USER with OPS_PASSWORD and, once the account has enrolled its
 * authenticator, the current code in OPS_TOTP; answers the session cookie for the calls.
 */
async function logInRemote(url: string, env: NodeJS.ProcessEnv): Promise<{ cookie: string }> {
  const login = await postRemote(url, ADMIN_AUTH_CALLS.login.path, { username: env.OPS_USER, password: env.OPS_PASSWORD ?? '' }, null);
  if (login.reply.statusCode !== 1 || !login.setCookie) throw new UsageError(`Login as ${env.OPS_USER} refused: ${login.reply.message}`);
  const cookie = { cookie: login.setCookie.split(';')[0]! };
  const step = login.reply.step;
  let second: Reply;
  if (step === 'totp' || (step === 'enrol' && env.OPS_TOTP)) {
    if (!env.OPS_TOTP) throw new UsageError(`${env.OPS_USER} has a second factor: set OPS_TOTP to the authenticator's current code.`);
    second = (await postRemote(url, ADMIN_AUTH_CALLS.totp.path, { code: env.OPS_TOTP }, cookie)).reply;
  } else if (step === 'enrol' && login.reply.skippable) {
    second = (await postRemote(url, ADMIN_AUTH_CALLS.skipEnrol.path, {}, cookie)).reply;
  } else if (step === 'enrol') {
    throw new UsageError(`${env.OPS_USER} has not enrolled an authenticator yet: log in once at ${new URL('/admin', url).href}.`);
  } else {
    second = login.reply;
  }
  if (second.statusCode !== 1) throw new UsageError(`Second factor refused: ${second.message}`);
  return cookie;
}

/** Opens the database the server uses: DATABASE_URL, else the PGlite folder (which must exist). */
async function openOpsDatabase(io: CliIo): Promise<Database> {
  const url = io.env.DATABASE_URL || undefined;
  if (url) return openDatabase({ url, poolSize: 2 });
  const dataDir = path.resolve(io.cwd, io.env.DATA_DIR || './data');
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new UsageError(`No database in ${dataDir}: set DATABASE_URL or DATA_DIR, or start the server once (npm start) to create it.`);
  }
  // Refused at once, naming the server, while a server holds the folder (ADR 0018).
  return openDatabase({ dataDir, purpose: 'npm run ops' });
}

function cell(value: unknown, width: number): string {
  const text = value === null || value === undefined ? '' : String(value);
  return text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width);
}

function table(rows: unknown[][], widths: number[]): string[] {
  return rows.map((row) => row.map((value, index) => cell(value, widths[index]!)).join('  ').trimEnd());
}

function printPending(reply: Reply, io: CliIo): void {
  const value = reply.value as OpsPayment[];
  io.out(`${reply.total} pending (page ${reply.page})`);
  if (value.length === 0) return;
  const rows = value.map((row) => [
    row.payment_id,
    row.kind,
    row.site,
    row.account_id,
    `${row.amount} ${row.currency}`,
    row.created_at.slice(0, 16).replace('T', ' '),
    row.kind === 'deposit'
      ? [row.method_name, row.receiving_account?.bank_name, row.transfer_reference && `ref ${row.transfer_reference}`, row.receipt_id && `receipt ${row.receipt_id}`, row.promotion_id && `promotion ${row.promotion_id}`]
          .filter(Boolean)
          .join(', ')
      : row.bank_account
        ? `to ${row.bank_account.bank_name} ${row.bank_account.account_number} (${row.bank_account.account_name})`
        : '',
  ]);
  for (const line of table([['ID', 'KIND', 'SITE', 'ACCOUNT', 'AMOUNT', 'REQUESTED (UTC)', 'DETAILS'], ...rows], [8, 10, 12, 16, 22, 16, 60])) io.out(line);
}

function printStatement(reply: Reply, io: CliIo): void {
  const statement = reply as unknown as OpsStatementReply;
  io.out(`${statement.account_id} (${statement.full_name || 'no name'}): available ${statement.game_balance}, held ${statement.held_balance} ${statement.currency}`);
  io.out(`${statement.account} ledger: ${statement.total} entries; credits ${statement.totals.credits}, debits ${statement.totals.debits}, net ${statement.totals.net}`);
  const rows = statement.value.map((entry) => [entry.created_at.slice(0, 19).replace('T', ' '), entry.type, entry.amount, entry.balance_after, entry.reference]);
  for (const line of table([['TIME (UTC)', 'TYPE', 'AMOUNT', 'BALANCE AFTER', 'REFERENCE'], ...rows], [19, 18, 18, 18, 40])) io.out(line);
}

function printAmlFlags(reply: Reply, io: CliIo): void {
  const value = reply.value as OpsAmlFlag[];
  io.out(`${reply.total} flags (page ${reply.page})`);
  for (const flag of value) {
    io.out(`#${flag.flag_id}  ${flag.status.toUpperCase()}  ${flag.rule}  ${flag.account_id} on ${flag.site}  raised ${flag.created_at.slice(0, 16).replace('T', ' ')} UTC`);
    io.out(`  ${flag.reason}`);
    io.out(`  evidence: ${JSON.stringify(flag.evidence)}`);
    if (flag.decided_by) io.out(`  ${flag.status} by ${flag.decided_by} at ${flag.decided_at?.slice(0, 16).replace('T', ' ')} UTC: ${flag.note}`);
  }
}

function printReply(command: string, reply: Reply, io: CliIo, values: Values): void {
function printKycPending(reply: Reply, io: CliIo): void {
  const value = reply.value as OpsKycDocument[];
  io.out(`${reply.total} documents waiting (page ${reply.page})`);
  if (value.length === 0) return;
  const rows = value.map((row) => [row.document_id, row.kind, row.site, row.account_id, row.full_name, row.created_at.slice(0, 16).replace('T', ' ')]);
  for (const line of table([['ID', 'KIND', 'SITE', 'ACCOUNT', 'NAME', 'UPLOADED (UTC)'], ...rows], [8, 10, 12, 16, 30, 16])) io.out(line);
}

function printCompliance(reply: Reply, io: CliIo): void {
  const rules = reply as unknown as SiteCompliance & { audit_id?: number };
  const verification = [rules.kyc_before_first_withdrawal && 'before the first withdrawal', rules.kyc_withdrawals_above !== null && `above ${rules.kyc_withdrawals_above} withdrawn`]
    .filter(Boolean)
    .join(', ');
  io.out(`Minimum age: ${rules.minimum_age}`);
  io.out(`Verification (${rules.kyc_level}): ${verification || 'not asked'}`);
  io.out(`Players cancel their pending withdrawals: ${rules.player_cancels_withdrawals ? 'yes' : 'no'}`);
  const aml = Object.entries(rules.aml).map(([rule, setting]) => `${rule}: ${setting === null || setting === false ? 'off' : setting === true ? 'on' : JSON.stringify(setting)}`);
  io.out(`AML rules: ${aml.join('; ')}`);
  if (rules.audit_id) io.out(`Changed (audit ${rules.audit_id})`);
}

  if (command === 'pending') return printPending(reply, io);
  if (command === 'site' && reply.definition) {
    if (typeof values.out !== 'string') {
      io.out(siteFileText(reply.definition, null).trimEnd());
      if (Object.keys(reply.logos as object).length > 0) io.err('Its uploaded logo files are written with --out <file> only.');
      return;
    }
    const written = writeSiteFile(path.resolve(io.env.INIT_CWD || io.cwd, values.out), reply.definition, reply.logos as Record<string, string>);
    io.out(`Wrote ${written.join(', ')}`);
    return;
  }
  if (command === 'site') {
    io.out(`Site ${reply.site} ${reply.created ? 'created' : 'updated'}; it answers at ${(reply.domains as string[]).join(', ')} (audit ${reply.audit_id})`);
    return;
  }
  if (command === 'kyc-pending') return printKycPending(reply, io);
  if (command === 'compliance' || command === 'compliance-set') return printCompliance(reply, io);
  if (command === 'kyc-image') {
    const document = reply.document as OpsKycDocument;
    writeFileSync(path.resolve(io.env.INIT_CWD || io.cwd, required(values, 'out')), Buffer.from(String(reply.data), 'base64'));
    io.out(`Saved ${document.kind} document ${document.document_id} (${reply.content_type}, ${reply.width}×${reply.height}) of ${document.account_id} on ${document.site} to ${values.out}`);
    return;
  }
  if (command === 'kyc-approve' || command === 'kyc-reject') {
    const document = reply.document as OpsKycDocument;
    const number = document.document_number ? `, number ${document.document_number}` : '';
    io.out(`${document.kind} document ${document.document_id} (${document.account_id} on ${document.site}) is now ${document.status}${number}; the player's level: ${reply.level} (audit ${reply.audit_id})`);
    return;
  }
  if (command === 'aml-flags') return printAmlFlags(reply, io);
  if (command === 'inbox-send') {
    const sent = reply as unknown as OpsInboxSendReply;
    io.out(`Sent ${sent.sent}; had it already ${sent.already_sent}; left out: ${sent.excluded} under a time-out or self-exclusion, ${sent.inactive} blocked or closed (audit ${sent.audit_id})`);
    if (sent.not_found.length > 0) io.out(`Not on this site: ${sent.not_found.join(', ')}`);
    return;
  }
  if (command === 'aml-clear' || command === 'aml-escalate') {
    const flag = reply.flag as OpsAmlFlag;
    io.out(`Flag ${flag.flag_id} (${flag.rule}, ${flag.account_id} on ${flag.site}) is now ${flag.status} (audit ${reply.audit_id})`);
    return;
  }
  if (command === 'statement') return printStatement(reply, io);
  if (command === 'report') {
    const report = reply as unknown as OpsReportReply;
    for (const text of values.csv ? reportCsv(report) : reportTable(report)) io.out(text);
    return;
  }
  if (command === 'books') {
    for (const text of booksText(reply as unknown as OpsBooksReply)) io.out(text);
    return;
  }
  if (command === 'receipt') {
    writeFileSync(path.resolve(io.env.INIT_CWD || io.cwd, required(values, 'out')), Buffer.from(String(reply.data), 'base64'));
    io.out(`Saved receipt ${reply.receipt_id} (${reply.content_type}, ${reply.width}×${reply.height}, ${reply.size} bytes) of ${reply.account_id} on ${reply.site} to ${values.out}`);
    return;
  }
  if (command === 'adjust') {
    io.out(reply.applied ? `Adjusted: entry ${reply.entry_id}, balance now ${reply.balance_after} (audit ${reply.audit_id})` : `Already done with this key: entry ${reply.entry_id}; nothing moved`);
    return;
  }
  if (command === 'audit') {
    const rows = (reply.value as { audit_id: number; created_at: string; actor: string; action: string; target_type: string; target_id: string; site: string | null; reason: string }[]).map((row) => [
      row.audit_id,
      row.created_at.slice(0, 19).replace('T', ' '),
      row.actor,
      row.action,
      `${row.target_type} ${row.target_id}`,
      row.site ?? '',
      row.reason,
    ]);
    for (const line of table([['ID', 'TIME (UTC)', 'ACTOR', 'ACTION', 'TARGET', 'SITE', 'REASON'], ...rows], [6, 19, 24, 20, 16, 12, 50])) io.out(line);
    return;
  }
  if (command === 'sports-result') {
    io.out(reply.applied ? `Result entered: ${reply.selections} selections and ${reply.bets} bets settled (audit ${reply.audit_id})` : `The match had its result already; nothing changed (audit ${reply.audit_id})`);
    return;
  }
  if (command === 'sports-correct') {
    if (!reply.applied) {
      io.out(`The match has this score already; nothing changed (audit ${reply.audit_id})`);
      return;
    }
    io.out(`Result corrected: ${reply.selections} selections changed, ${reply.bets} bets settled again; paid ${reply.paid}, taken back ${reply.reclaimed} (audit ${reply.audit_id})`);
    const unrecovered = reply.unrecovered as { site: string; account_id: string; ticket: string; amount: string }[];
    if (unrecovered.length > 0) {
      io.out('Not recovered (the balance could not cover it):');
      for (const line of table([['SITE', 'ACCOUNT', 'TICKET', 'AMOUNT'], ...unrecovered.map((row) => [row.site, row.account_id, row.ticket, row.amount])], [16, 16, 20, 14])) io.out(line);
    }
    return;
  }
  if (command === 'sports-void') {
    io.out(`Voided ${reply.selections} selections; ${reply.bets} bets settled (audit ${reply.audit_id})`);
    return;
  }
  if (command === 'sports-hold' || command === 'sports-release') {
    io.out(`Match ${reply.held ? 'held: no bets or cash-outs until released' : 'released'} (audit ${reply.audit_id})`);
    return;
  }
  if (command === 'sports-liability') {
    const rows = (
      reply.value as { selection_id: number; bet_type: string; home_away: string; criteria1: string | null; odds: string; open: boolean; bets: number; stakes: string; potential_return: string; currency: string | null }[]
    ).map((row) => [
      row.selection_id,
      `${row.bet_type} ${row.home_away}${row.criteria1 ? ` ${row.criteria1}` : ''}`,
      `${row.odds}${row.open ? '' : ' (closed)'}`,
      row.bets,
      row.currency ?? '',
      row.stakes,
      row.potential_return,
    ]);
    io.out(`Match ${reply.match_id} (${reply.status})`);
    for (const line of table([['SELECTION', 'MARKET', 'PRICE', 'BETS', 'CURRENCY', 'STAKES', 'IF IT WINS'], ...rows], [10, 18, 14, 6, 9, 14, 14])) io.out(line);
    return;
  }
  const payment = reply.value as OpsPayment;
  io.out(`${payment.kind} ${payment.payment_id} (${payment.account_id} on ${payment.site}, ${payment.amount} ${payment.currency}) is now ${payment.status} (audit ${reply.audit_id})`);
}

function actorOf(values: Values, env: NodeJS.ProcessEnv): Actor {
  const name = typeof values.operator === 'string' && values.operator.trim() ? values.operator.trim() : env.USER || env.USERNAME || userInfo().username;
  return { operatorId: null, accountId: null, label: `cli:${name}`, siteIds: null, role: null };
}

/** `--amount -20` as `--amount=-20`: parseArgs takes a value starting with a dash for another option. */
function joinNegativeValues(argv: string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const next = argv[i + 1];
    const option = OPTIONS[arg.replace(/^--/, '') as keyof typeof OPTIONS] as { type: string } | undefined;
    if (arg.startsWith('--') && !arg.includes('=') && option?.type === 'string' && next !== undefined && /^-\d/.test(next)) {
      joined.push(`${arg}=${next}`);
      i++;
    } else joined.push(arg);
  }
  return joined;
}

/** Runs the tool; answers the exit code (0 done, 1 refused or failed, 2 wrong usage). */
export async function runOpsCli(argv: string[], io: CliIo): Promise<number> {
  let database: Database | undefined;
  try {
    const { values, positionals } = parseArgs({ args: joinNegativeValues(argv), options: OPTIONS, allowPositionals: true, strict: true });
    const command = positionals[0] ?? 'help';
    if (command === 'help' || values.help) {
      io.out(HELP);
      return 0;
    }
    const remote = io.env.OPS_URL ? { url: io.env.OPS_URL, key: io.env.OPS_KEY ?? '' } : null;

    if (command === 'create-operator' || command === 'disable-operator') {
      if (remote) throw new UsageError(`${command} works on the database only: unset OPS_URL (and set DATABASE_URL or DATA_DIR).`);
      const name = required(values, 'name');
      if (!OPERATOR_NAME.test(name)) throw new UsageError('--name: 2 to 64 letters, digits, dots, dashes or underscores');
      database = await openOpsDatabase(io);
      await database.withExclusiveLock((db) => migrate(database!, db));
      const by = actorOf(values, io.env).label;
      if (command === 'disable-operator') {
        const done = await disableOperator(database.db, name, by);
        io[done ? 'out' : 'err'](done ? `Operator ${name} disabled.` : `No enabled operator named ${name}.`);
        return done ? 0 : 1;
      }
      let siteId: number | null = null;
      if (typeof values.site === 'string') {
        const site = await loadSiteByDomain(database.db, values.site.trim().toLowerCase());
        if (!site) throw new UsageError(`No site answers to ${values.site}`);
        siteId = site.id;
      }
      const created = await createOperator(database.db, { name, siteId, createdBy: by });
      if (!created.ok) {
        io.err(created.message === 'operatorExists' ? `An operator named ${name} exists already.` : 'Invalid name.');
        return 1;
      }
      if (values.json) io.out(JSON.stringify({ operator_id: created.id, name, site: values.site ?? null, key: created.key }));
      else {
        io.out(`Operator ${name} created${values.site ? ` for ${values.site}` : ' for every site'}. Its API key (shown once, keep it secret):`);
        io.out(created.key);
      }
      return 0;
    }

    if (command === 'create-account') {
      if (remote) throw new UsageError('create-account works on the database only: unset OPS_URL (and set DATABASE_URL or DATA_DIR).');
      const username = required(values, 'username').trim().toLowerCase();
      const role = required(values, 'role') as OperatorRole;
      if (!OPERATOR_ROLES.includes(role)) throw new UsageError(`--role must be one of ${OPERATOR_ROLES.join(', ')}`);
      database = await openOpsDatabase(io);
      await database.withExclusiveLock((db) => migrate(database!, db));
      const db = database.db;
      const owners = await db.select({ id: brandOwners.id, name: brandOwners.name }).from(brandOwners).orderBy(brandOwners.id);
      const ownerName = typeof values['brand-owner'] === 'string' ? values['brand-owner'] : undefined;
      const owner = ownerName === undefined ? (owners.length === 1 ? owners[0] : undefined) : owners.find((row) => row.name === ownerName);
      if (!owner) throw new UsageError(ownerName === undefined ? `--brand-owner is required: ${owners.map((row) => row.name).join(', ')}` : `No brand owner named ${ownerName}`);
      let siteIds: number[] | null = null;
      if (typeof values.site === 'string') {
        siteIds = [];
        for (const domain of values.site.split(',')) {
          const site = await loadSiteByDomain(db, domain.trim().toLowerCase());
          if (!site) throw new UsageError(`No site answers to ${domain}`);
          siteIds.push(site.id);
        }
      }
      // A first password to hand over; 96 random bits, shown once.
      const password = randomBytes(12).toString('base64url');
      const created = await createOperatorAccount(db, { brandOwnerId: owner.id, username, password, role, siteIds, createdBy: actorOf(values, io.env).label });
      if (!created.ok) {
        const why: Record<typeof created.message, string> = { accountExists: `An account named ${username} exists already.`, validationError: '--username: 3 to 64 lower-case letters, digits, dots, dashes or underscores', permissionDenied: `A site named is not ${owner.name}'s.` };
        io.err(why[created.message]);
        return 1;
      }
      if (values.json) io.out(JSON.stringify({ account_id: created.id, username, role, brand_owner: owner.name, sites: values.site ?? null, password }));
      else {
        io.out(`Account ${username} (${role}) created for ${values.site ?? `every site of ${owner.name}`}. Its first password (shown once):`);
        io.out(password);
      }
      return 0;
    }

    const { call, payload } = callOf(command, positionals, values, io.env.INIT_CWD || io.cwd);
    if (command === 'receipt' && !values.json) required(values, 'out');
    if (command === 'kyc-image' && !values.json) required(values, 'out');
    let reply: Reply;
    if (remote) {
      if (!remote.key && !io.env.OPS_USER) throw new UsageError('OPS_URL needs OPS_KEY (an operator key from create-operator), or OPS_USER and OPS_PASSWORD (a back-office login).');
      const credentials = remote.key ? { authorization: `Bearer ${remote.key}` } : await logInRemote(remote.url, io.env);
      try {
        reply = await runOverHttp(remote.url, credentials, call, payload);
      } finally {
        if ('cookie' in credentials) await postRemote(remote.url, ADMIN_AUTH_CALLS.logout.path, {}, credentials).catch(() => undefined);
      }
    } else {
      database = await openOpsDatabase(io);
      await database.withExclusiveLock((db) => migrate(database!, db));
      reply = await runOperatorCall(database.db, actorOf(values, io.env), call, payload);
    }
    if (reply.statusCode !== 1) {
      const errors = reply.errors ? ` ${JSON.stringify(reply.errors)}` : '';
      if (values.json) io.out(JSON.stringify(reply));
      io.err(`Refused: ${reply.message}${errors}`);
      return 1;
    }
    if (values.json) io.out(JSON.stringify(reply));
    else printReply(command, reply, io, values);
    // The books check fails (exit code 1) on any imbalance or mismatch: a scheduled job notices.
    return command === 'books' && reply.balanced !== true ? 1 : 0;
  } catch (error) {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
      io.err(error.message);
      io.err('Usage: npm run ops -- help');
      return 2;
    }
    io.err(`Failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await database?.close().catch(() => undefined);
  }
}
