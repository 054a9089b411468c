import fp from 'fastify-plugin';
import { type JobScheduler, jobScheduler } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs, each run once per period across all processes (decision 030). */
    jobs: JobScheduler;
  }
}

/**
 * Modules declare their jobs with `app.jobs.every` while they register; the jobs start once the
 * server is listening, so an app that never listens (tests) runs none on its own.
 */
export const jobsPlugin = fp(
  async (app) => {
    const jobs = jobScheduler(app.db, { log: app.log });
    app.decorate('jobs', jobs);
    app.addHook('onListen', async () => {
      await jobs.start();
    });
    app.addHook('preClose', async () => {
      await jobs.stop();
    });
  },
  { name: 'jobs' },
);
