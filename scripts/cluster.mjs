// `npm run cluster`: the whole topology on this machine (README "Running several servers", ADR 0063).
//
//   node scripts/cluster.mjs [start] [--servers 3] [--port 8080]   PostgreSQL, Redis, N servers, HAProxy; Ctrl-C stops
//   node scripts/cluster.mjs stop                                  stops a cluster started elsewhere
//   node scripts/cluster.mjs reset                                 deletes .cluster/ (database, secrets, logs)
//
// Installs nothing: a missing program is named with its Debian package. Needs `npm run build`.
import { parseArgs } from 'node:util';
import { ClusterError, MAX_SERVERS, removeClusterFolder, start, stopRecorded } from './cluster-lib.mjs';

const USAGE = `Usage: node scripts/cluster.mjs [start] [--servers N (1 to ${MAX_SERVERS}, default 3)] [--port P (default 8080)]
       node scripts/cluster.mjs stop
       node scripts/cluster.mjs reset`;

function fail(error) {
  if (error instanceof ClusterError) console.error(error.message);
  else console.error(error);
  process.exit(1);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { servers: { type: 'string', default: '3' }, port: { type: 'string', default: '8080' }, help: { type: 'boolean', short: 'h' } },
  });
} catch (error) {
  console.error(`${error.message}\n${USAGE}`);
  process.exit(1);
}
const { values, positionals } = parsed;
const command = positionals[0] ?? 'start';
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

if (command === 'stop') {
  const wasRunning = await stopRecorded().catch(fail);
  console.log(wasRunning ? 'Cluster stopped.' : 'No cluster was running.');
} else if (command === 'reset') {
  await removeClusterFolder().catch(fail);
  console.log('.cluster/ deleted.');
} else if (command === 'start') {
  const startedAt = Date.now();
  const cluster = await start({ servers: Number(values.servers), port: Number(values.port) }).catch(fail);
  const { site, theme, admin, stats } = cluster.urls;
  console.log(`
Every server is up (${Math.round((Date.now() - startedAt) / 1000)} s), behind HAProxy:
  Site:           ${site}
  Another theme:  ${theme}  (any <theme_code>.localhost:${cluster.publicPort})
  Back office:    ${admin}  (owner / demo1234)
  HAProxy stats:  ${stats}  (this machine only)
  Metrics:        ${cluster.servers.map((server) => `http://127.0.0.1:${server.metricsPort}/metrics`).join(', ')}
  Logs:           .cluster/logs/  (server-N.log, haproxy.log, redis.log, postgres.log)
Stop with Ctrl-C here, or \`node scripts/cluster.mjs stop\` from another terminal.`);

  let stopping = false;
  const shutdown = async (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping HAProxy, the servers, Redis and PostgreSQL…`);
    try {
      await cluster.stop();
      console.log('Cluster stopped.');
      process.exit(0);
    } catch (error) {
      fail(error);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGHUP', () => void shutdown('SIGHUP'));

  // A server that exits by itself (not stopped by us) is reported; HAProxy routes around it.
  for (const server of cluster.servers) watchServer(cluster, server);
  // Keeps this process alive until a signal.
  setInterval(() => undefined, 60_000);
} else {
  console.error(`Unknown command "${command}"\n${USAGE}`);
  process.exit(1);
}

function watchServer(cluster, server) {
  let reported = false;
  setInterval(() => {
    if (server.pid !== null) reported = false;
    if (cluster.stopping || server.pid !== null || reported) return;
    reported = true;
    console.log(`Server ${server.index} exited: see .cluster/logs/server-${server.index}.log (HAProxy sends its requests to the others).`);
  }, 1_000).unref();
}
