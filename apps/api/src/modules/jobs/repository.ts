import type { Db } from '../../db/database.js';

/** Leases of background jobs (decision 030); every write is a conditional update on the job's row. */
export function jobRepository(db: Db) {
  return {
    async ensure(name: string) {
      await db
        .insertInto('job_runs')
        .values({ name })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    },

    /**
     * Takes the job for `holder` when its last start is at or before `dueBefore` and no live lease is
     * held; true when this call won it.
     */
    async claim(name: string, holder: string, now: string, dueBefore: string, leaseUntil: string) {
      const result = await db
        .updateTable('job_runs')
        .set((eb) => ({
          holder,
          started_at: now,
          lease_until: leaseUntil,
          runs: eb('runs', '+', 1),
        }))
        .where('name', '=', name)
        .where((eb) => eb.or([eb('started_at', 'is', null), eb('started_at', '<=', dueBefore)]))
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Ends the holder's run; a lease taken over by another process meanwhile is left alone. */
    async finish(name: string, holder: string, now: string, error: string | null) {
      await db
        .updateTable('job_runs')
        .set((eb) => ({
          lease_until: null,
          finished_at: now,
          failures: error === null ? eb.ref('failures') : eb('failures', '+', 1),
          last_error: error,
        }))
        .where('name', '=', name)
        .where('holder', '=', holder)
        .execute();
    },

    list() {
      return db.selectFrom('job_runs').selectAll().orderBy('name').execute();
    },
  };
}
