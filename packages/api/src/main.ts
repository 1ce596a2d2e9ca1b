import { startServer } from './server.js';

const server = await startServer().catch((error: unknown) => {
  console.error('Server failed to start:', error);
  process.exit(1);
});

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
