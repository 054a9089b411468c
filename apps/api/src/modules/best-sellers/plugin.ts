import fp from 'fastify-plugin';
import { bestSellersJob } from './service.js';

/**
 * Sets the best sellers from order history once the server is listening and then every
 * `bestSellersRefreshMinutes`, once across all processes (decisions 020 and 030).
 */
export const bestSellersPlugin = fp(
  async (app) => {
    const job = bestSellersJob(app.db, { log: app.log });
    app.jobs.every('best-sellers.refresh', app.config.bestSellersRefreshMinutes * 60_000, async () => {
      const changes = await job.refresh();
      if (changes.length > 0) app.log.info({ changes }, 'best sellers set from order history');
    });
  },
  { name: 'best-sellers', dependencies: ['jobs'] },
);
