import fp from 'fastify-plugin';
import { type CatalogueService, catalogueService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's one catalogue service: its cache of parsed and serialised answers per version. */
    catalogue: CatalogueService;
  }
}

/** One catalogue service per app (decision 034), shared by the menu calls, cart, orders and back office. */
export const cataloguePlugin = fp(
  async (app) => {
    app.decorate('catalogue', catalogueService(app.db));
  },
  { name: 'catalogue' },
);
