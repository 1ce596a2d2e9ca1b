import http from 'node:http';
import https from 'node:https';

/** What the wallet client needs of an HTTP reply (fetch's Response has it too). */
export interface PostReply {
  status: number;
  json(): Promise<unknown>;
}

export interface PostInit {
  method: 'POST';
  headers: Record<string, string>;
  body: string;
  /** Ends the request, and the reading of its reply, when it aborts. */
  signal: AbortSignal;
}

/** Sends one request; fetch is one (the fault tests wrap it). */
export type Post = (url: string, init: PostInit) => Promise<PostReply>;

/** A reply longer than this is no wallet reply: the request ends unread. */
const MAX_REPLY_BYTES = 64 * 1024;

/**
 * A POST over Node's own HTTP client with kept-alive connections. fetch builds streams, headers and
 * a response object per call: on the studio's two wallet calls per round it cost about 0.4 ms of
 * processor time more per call (ADR 0033).
 */
export function createHttpPost(): Post {
  // An idle connection is closed after 4 s, or sooner when the server announces a shorter keep-alive
  // (Node's agent reads its Keep-Alive header): a request never goes out on a socket the server dropped.
  const kept = { keepAlive: true, timeout: 4_000 };
  const agents = { 'http:': new http.Agent(kept), 'https:': new https.Agent(kept) };
  return (url, init) =>
    new Promise<PostReply>((resolve, reject) => {
      const target = new URL(url);
      const client = target.protocol === 'https:' ? https : http;
      const agent = target.protocol === 'https:' ? agents['https:'] : agents['http:'];
      const request = client.request(target, { method: init.method, headers: init.headers, agent, signal: init.signal }, (response) => {
        const chunks: Buffer[] = [];
        let length = 0;
        let ended = false;
        response.on('data', (chunk: Buffer) => {
          length += chunk.length;
          if (length > MAX_REPLY_BYTES) request.destroy(new Error('reply too long'));
          else chunks.push(chunk);
        });
        response.on('end', () => {
          ended = true;
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: response.statusCode ?? 0, json: async () => JSON.parse(text) as unknown });
        });
        response.on('error', reject);
        // Cut before its end (aborted, reset): no reply.
        response.on('close', () => {
          if (!ended) reject(new Error('reply cut short'));
        });
      });
      request.on('error', reject);
      request.end(init.body);
    });
}
