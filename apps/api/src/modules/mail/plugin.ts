import fp from 'fastify-plugin';
import { createMailer, type Mailer } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export const mailPlugin = fp(
  async (app) => {
    const mailer = createMailer(app.config, app.db, app.log);
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mail' },
);
