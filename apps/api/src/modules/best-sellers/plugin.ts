import fp from 'fastify-plugin';
import { metrics } from '../../lib/metrics.js';
import { bestSellersJob } from './service.js';

/**
 * Sets the best sellers from order history once the server is listening (never delaying it) and
 * then every `bestSellersRefreshMinutes`; an app that never listens (tests) never runs it on its
 * own. A run still going when the next is due is not doubled; close waits for it.
 */
export const bestSellersPlugin = fp(
  async (app) => {
    const job = bestSellersJob(app.db, { log: app.log });
    let running: Promise<void> | undefined;
    let timer: NodeJS.Timeout | undefined;

    const run = () => {
      running ??= metrics
        .job('best-sellers', () => job.refresh())
        .then(
          (changes) => {
            if (changes.length > 0) app.log.info({ changes }, 'best sellers set from order history');
          },
          (err: unknown) => app.log.error({ err }, 'best sellers could not be set from order history'),
        )
        .finally(() => {
          running = undefined;
        });
    };

    app.addHook('onListen', async () => {
      run();
      timer = setInterval(run, app.config.bestSellersRefreshMinutes * 60_000);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'best-sellers' },
);
