import type { FastifyBaseLogger } from 'fastify';
import type { AuthRepository } from './repository.js';

/** Sends a text message. Real providers plug in here; `outbox` keeps them in the database and the log. */
export interface SmsSender {
  send(message: { tenantId: number; to: string; text: string }): Promise<void>;
}

export function outboxSmsSender(repo: AuthRepository, log: FastifyBaseLogger): SmsSender {
  return {
    async send({ tenantId, to, text }) {
      await repo.insertSms(tenantId, to, text);
      // The text carries a one-time code: only LOG_LEVEL=trace writes it down.
      log.info({ tenantId, to }, 'sms kept in the sms_outbox table');
      log.trace({ tenantId, to }, `sms outbox: ${text}`);
    },
  };
}
