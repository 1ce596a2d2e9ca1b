import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { tacOutbox } from '../db/schema.js';

export interface TacMessage {
  siteId: number;
  siteName: string;
  accountId: string;
  phone: string;
  purpose: 'login' | 'register' | 'reset';
  code: string;
  expiresInSeconds: number;
}

/** Delivers one-time codes (SMS gateway, WhatsApp...). Pluggable: see buildApp's options. */
export interface TacSender {
  send(db: Db, message: TacMessage, log: FastifyBaseLogger): Promise<void>;
}

/**
 * The default sender: keeps the message in the outbox table, which operator tools read, and logs
 * that a code was sent (never the code).
 */
export const outboxTacSender: TacSender = {
  async send(db, message, log) {
    await db.insert(tacOutbox).values({
      siteId: message.siteId,
      accountId: message.accountId,
      phone: message.phone,
      purpose: message.purpose,
      body: `${message.siteName}: your code is ${message.code}. It expires in ${Math.round(message.expiresInSeconds / 60)} minutes. Never share it.`,
    });
    log.info({ siteId: message.siteId, accountId: message.accountId, purpose: message.purpose }, 'one-time code sent to outbox');
  },
};
