import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { runScheduledBackup } from '../db/backup/schedule.js';
import type { Db } from '../db/database.js';
import type { JobScheduler } from '../modules/jobs/service.js';

const minute = 60_000;

/**
 * Scheduled backups (BACKUP_EVERY_HOURS, decision 027) as a background job (decision 030): every few
 * minutes one process looks whether the newest backup is old enough and makes one. The lease of an
 * hour keeps a second process from starting another while a long backup is still being written.
 */
export function scheduleBackups(jobs: JobScheduler, db: Db, config: Config, log: FastifyBaseLogger) {
  jobs.every(
    'scheduled-backup',
    5 * minute,
    async () => {
      const { made, pruned } = await runScheduledBackup(db, config);
      if (made) log.info({ backup: made.dir, pruned }, 'scheduled backup made');
    },
    { leaseMs: 60 * minute },
  );
}

export const backupsPlugin = fp(
  async (app) => {
    if (app.config.backup.everyHours > 0) scheduleBackups(app.jobs, app.db, app.config, app.log);
  },
  { name: 'backups', dependencies: ['jobs'] },
);
