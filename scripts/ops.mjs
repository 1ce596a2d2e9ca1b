// `npm run ops -- <command>`: the operator's command-line tool (packages/api/src/banking/ops-cli.ts,
// ADR 0015): pending deposits and withdrawals, approvals and rejections, balance adjustments,
// statements, receipts, the audit log and operators. Run with tsx (the API is TypeScript), as
// bench:api is; `npm run ops -- help` lists the commands.
import { runOpsCli } from '../packages/api/src/banking/ops-cli.ts';

process.exitCode = await runOpsCli(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  env: process.env,
  // DATA_DIR resolves as npm start resolves it (from the repository root); --out from where npm was run (INIT_CWD).
  cwd: process.cwd(),
});
