import type { Kysely } from 'kysely';
import { timestampType } from './support.js';

/**
 * One row per background job (decision 030): when it last started, which process holds it and until
 * when. A process runs a job only after winning a conditional update on its row, so N processes run
 * each job once per period, and a holder that dies loses the job when its lease ends.
 * Platform-wide, not per tenant: a job walks every tenant itself.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job_runs')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('holder', 'text')
    .addColumn('started_at', timestampType(db))
    .addColumn('lease_until', timestampType(db))
    .addColumn('finished_at', timestampType(db))
    .addColumn('runs', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('failures', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_runs').execute();
}
