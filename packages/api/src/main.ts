import { startServer } from './server.js';
import { installProcessGuard } from './process-guard.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { ConfigError, loadConfig } from './config.js';
import { limitHeapGrowth } from './heap-growth.js';

const server = await Promise.resolve()
  .then(() => {
    const config = loadConfig();
    limitHeapGrowth(config.heapGrowthPercent);
    return startServer(config);
  })
  .catch((error: unknown) => {
    // A data folder another process holds is an expected refusal: its message says what to do.
    if (error instanceof DataDirLockedError) console.error(`Server not started: ${error.message}`);
    // A wrong environment too: every bad variable on a line of its own, no stack trace.
    else if (error instanceof ConfigError) console.error(`Server not started: the environment is invalid:\n${error.problems.map((line) => `  ${line}`).join('\n')}`);
    else console.error('Server failed to start:', error);
    process.exit(1);
  });

// An error nobody handled: a client's dropped connection is logged and serving goes on; anything
// else closes the server and exits 1, for the supervisor to restart it (README, "Running in production").
installProcessGuard({ log: server.app.log, close: () => server.stop() });

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  server.app.log.info({ signal }, 'shutting down');
  // A stuck request must not keep the process alive for ever.
  const timer = setTimeout(() => {
    server.app.log.error('shutdown timed out');
    process.exit(1);
  }, 10_000);
  timer.unref();
  try {
    await server.stop();
    process.exit(0);
  } catch (error) {
    server.app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}

process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
