import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { metrics } from '../../lib/metrics.js';
import { jobRepository } from './repository.js';

export interface Job {
  name: string;
  /** Once per this many milliseconds across all processes. */
  everyMs: number;
  /** How long a run may hold the job before another process may take it over; one period by default. */
  leaseMs: number;
  run: () => Promise<unknown>;
}

export interface JobSchedulerOptions {
  log: FastifyBaseLogger;
  /** Names this process in the lease; host and pid by default. */
  holder?: string;
  now?: () => Date;
}

/** How many times per period a process looks whether a job is due: a run starts at most a quarter late. */
const looksPerPeriod = 4;

/**
 * Runs each job once per period across every process sharing the database (decision 030). Each
 * process looks often; the conditional update in `claim` lets exactly one win per period. The lease
 * lasts one period, so a holder that dies mid-run hands the job over when it ends.
 */
export function jobScheduler(db: Db, options: JobSchedulerOptions) {
  const jobs = jobRepository(db);
  const holder = options.holder ?? `${os.hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  const now = options.now ?? (() => new Date());
  const registered = new Map<string, Job>();
  const running = new Map<string, Promise<boolean>>();
  const timers: NodeJS.Timeout[] = [];

  /** Runs the job here if it is due and no other process holds it; true when it ran. */
  function runIfDue(name: string): Promise<boolean> {
    const job = registered.get(name);
    if (!job) throw new Error(`no job named ${name}`);
    let run = running.get(name);
    if (!run) {
      run = attempt(job).finally(() => running.delete(name));
      running.set(name, run);
    }
    return run;
  }

  async function attempt(job: Job): Promise<boolean> {
    const at = now();
    const won = await jobs.claim(
      job.name,
      holder,
      at.toISOString(),
      new Date(at.getTime() - job.everyMs).toISOString(),
      new Date(at.getTime() + job.leaseMs).toISOString(),
    );
    if (!won) return false;
    let failure: string | null = null;
    try {
      await metrics.job(job.name, job.run);
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
      options.log.error({ err: error, job: job.name }, 'background job failed');
    }
    await jobs.finish(job.name, holder, now().toISOString(), failure);
    return true;
  }

  return {
    holder,

    /** Declares a job; it starts with `start`. */
    every(name: string, everyMs: number, run: () => Promise<unknown>, options: { leaseMs?: number } = {}) {
      registered.set(name, { name, everyMs, leaseMs: options.leaseMs ?? everyMs, run });
    },

    runIfDue,

    async start() {
      for (const job of registered.values()) {
        await jobs.ensure(job.name);
        const look = () => {
          runIfDue(job.name).catch((error) => options.log.warn({ err: error, job: job.name }, 'job lease unreachable'));
        };
        look();
        const timer = setInterval(look, Math.max(250, Math.floor(job.everyMs / looksPerPeriod)));
        timer.unref();
        timers.push(timer);
      }
    },

    /** Stops looking and waits for runs in progress to end. */
    async stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
      await Promise.allSettled([...running.values()]);
    },

    list: () => jobs.list(),
  };
}

export type JobScheduler = ReturnType<typeof jobScheduler>;
