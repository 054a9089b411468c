import type { ContactMessageBody } from '@orderfront/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { AppError } from '../../lib/errors.js';
import type { Mailer } from '../mail/service.js';
import { settingsService } from '../settings/service.js';
import { tenantService } from '../tenants/service.js';
import { contactRepository } from './repository.js';

/** The contact form (delivered by mail to the business's contactEmail) and the newsletter sign-up. */
export function contactService(db: Db, mailer: Mailer, log: FastifyBaseLogger) {
  const settings = settingsService(db, log);
  const repo = contactRepository(db);

  async function send(message: ContactMessageBody): Promise<void> {
    const entry = await settings.resolve(message.tenant_id, null);
    if (!entry) throw new AppError('not_found', 'Business not found');
    const general = (entry.web_config as { general?: { contactEmail?: string; businessFullName?: string } }).general;
    const to = general?.contactEmail;
    if (!to) throw new AppError('unprocessable', 'This business does not take messages online; please call instead');
    const text = [
      `New message from the contact form of ${general?.businessFullName || 'your storefront'}.`,
      '',
      `Name: ${message.name}`,
      `Email: ${message.email}`,
      ...(message.phone ? [`Phone: ${message.phone}`] : []),
      '',
      message.message,
    ].join('\n');
    try {
      await mailer.send({ tenantId: message.tenant_id, to, subject: `Website enquiry from ${message.name}`, text });
    } catch (error) {
      log.error({ err: error }, 'contact message could not be delivered');
      throw new AppError(
        'service_unavailable',
        'We could not send your message just now. Please try again or call us.',
      );
    }
  }

  /** Signing up twice is fine: the same answer, so the form does not reveal who is on the list. */
  async function subscribe(tenantId: number, email: string): Promise<void> {
    if (!(await tenantService(db).byId(tenantId))) throw new AppError('not_found', 'Business not found');
    try {
      await repo.addSubscriber(tenantId, email.toLowerCase());
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }

  return { send, subscribe };
}
