import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { LIVE_SPORTS_EVENTS, LIVE_SPORTS_PATH, type Match } from '@wl/contracts';
import type { Database } from '../db/client.js';
import { matchesByIds } from '../content/index.js';
import { openEventStream } from '../shared/event-stream.js';

/*
 * The live sports board (issue 24 §3, ADR 0036): GET /api/live/sports, Server-Sent Events of the
 * matches that changed. Each process LISTENs on wl_sports_changed (migration 0019: any writer of a
 * match or a price notifies), gathers the ids for PUSH_EVERY_MS, reads those matches once and
 * writes the one event to every page watching: a goal reaches a thousand pages for one query.
 * A page whose connection cannot keep up is dropped, and reconnects.
 */

const PUSH_EVERY_MS = 500;
const HEARTBEAT_MS = 25_000;
/** Streams per process; more are refused (the page falls back to reading match_list now and then). */
const MAX_STREAMS = 10_000;
/**
 * Unsent bytes a page may fall behind by before it is dropped. Not Node's high-water mark (16 KB):
 * one event of a dozen matches with their prices is about that size, so a page that had not yet
 * read the last event would be dropped on the next one.
 */
const MAX_BACKLOG_BYTES = 1024 * 1024;

/** Writes to a page's stream; a slow or gone client is dropped rather than buffered without end. */
function write(stream: ServerResponse, chunk: string): void {
  stream.write(chunk);
  if (stream.writableLength > MAX_BACKLOG_BYTES) stream.destroy();
}

export interface LiveBoard {
  readonly size: number;
  stop(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's live sports board streams. */
    liveSports: LiveBoard;
  }
}

export async function registerLiveBoardRoute(app: FastifyInstance, database: Database, log: FastifyBaseLogger): Promise<LiveBoard> {
  const streams = new Set<ServerResponse>();
  const changed = new Set<number>();
  let pushing = false;

  const push = async () => {
    if (pushing || changed.size === 0) return;
    pushing = true;
    const ids = [...changed];
    changed.clear();
    try {
      if (streams.size === 0) return;
      const matches: Match[] = await matchesByIds(database.db, ids);
      const frame = `event: ${LIVE_SPORTS_EVENTS.matches}\ndata: ${JSON.stringify({ value: matches })}\n\n`;
      for (const stream of streams) {
        write(stream, frame);
      }
    } catch (error) {
      // The next change pushes again; a page also rereads match_list when its stream reconnects.
      log.warn({ err: error instanceof Error ? error.message : String(error) }, 'live sports push failed');
    } finally {
      pushing = false;
    }
  };

  const unlisten = await database.listen('wl_sports_changed', (payload) => {
    const id = Number(payload);
    if (Number.isInteger(id) && id > 0) changed.add(id);
  });
  const timer = setInterval(() => void push(), PUSH_EVERY_MS);
  timer.unref();
  const heartbeat = setInterval(() => {
    for (const stream of streams) write(stream, ': ping\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();

  const stop = () => {
    clearInterval(timer);
    clearInterval(heartbeat);
    for (const stream of streams) stream.end();
    streams.clear();
  };
  app.addHook('preClose', (done) => {
    stop();
    done();
  });
  app.addHook('onClose', async () => unlisten());

  app.get(LIVE_SPORTS_PATH, async (request, reply) => {
    if (streams.size >= MAX_STREAMS) return reply.code(503).header('retry-after', '30').send({ statusCode: -503, message: 'serviceUnavailable' });
    // `retry`: how long a page waits before reconnecting after the stream drops.
    const response = openEventStream(request, reply, 'retry: 3000\n: open\n\n');
    streams.add(response);
    response.on('close', () => streams.delete(response));
  });

  return {
    get size() {
      return streams.size;
    },
    stop,
  };
}
