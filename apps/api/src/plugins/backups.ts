import fp from 'fastify-plugin';
import { runScheduledBackup } from '../db/backup/schedule.js';

const minute = 60_000;

/**
 * Scheduled backups (BACKUP_EVERY_HOURS, decision 027): once the server listens, every minute it
 * looks whether a backup is due and, if so, makes one unless another process does. Off when
 * BACKUP_EVERY_HOURS is 0; an app that never listens (tests) never runs it. Close waits for a run.
 */
export const backupsPlugin = fp(
  async (app) => {
    if (app.config.backup.everyHours <= 0) return;
    let running: Promise<void> | undefined;
    let timer: NodeJS.Timeout | undefined;
    const run = () => {
      running ??= runScheduledBackup(app.db, app.config)
        .then(
          ({ made, pruned }) => {
            if (made) app.log.info({ backup: made.dir, pruned }, 'scheduled backup made');
          },
          (err: unknown) => app.log.error({ err }, 'scheduled backup failed'),
        )
        .finally(() => {
          running = undefined;
        });
    };
    app.addHook('onListen', async () => {
      run();
      timer = setInterval(run, minute);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'backups' },
);
