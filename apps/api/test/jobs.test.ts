import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobScheduler } from '../src/modules/jobs/service.js';
import { createTestApp, type TestContext } from './support/app.js';

const minute = 60_000;

describe('background jobs run once per period across processes (decision 030)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  /** Two schedulers on one database stand for two processes; each reads its own clock. */
  function twoProcesses(run: () => Promise<unknown>) {
    let clock = new Date('2026-11-26T10:00:00Z').getTime();
    const now = () => new Date(clock);
    const log = ctx.app.log;
    const a = jobScheduler(ctx.db, { log, holder: 'a', now });
    const b = jobScheduler(ctx.db, { log, holder: 'b', now });
    return { a, b, advance: (ms: number) => (clock += ms), run };
  }

  it('one process wins each period; the other skips until the next one', async () => {
    let runs = 0;
    const { a, b, advance } = twoProcesses(async () => runs++);
    const name = `count-${Date.now()}`;
    for (const p of [a, b]) p.every(name, minute, async () => runs++);
    await a.start();
    await b.start();
    await a.stop();
    await b.stop();
    // start() looks once at once: exactly one of the two ran it.
    expect(runs).toBe(1);
    expect(await Promise.all([a.runIfDue(name), b.runIfDue(name)])).toEqual([false, false]);
    advance(minute);
    const won = await Promise.all([a.runIfDue(name), b.runIfDue(name)]);
    expect(won.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(2);
    const row = (await a.list()).find((job) => job.name === name);
    expect(row).toMatchObject({ runs: 2, failures: 0, lease_until: null });
  });

  it('a holder that dies mid-run keeps the job until its lease ends, then another takes it', async () => {
    const { a, b, advance } = twoProcesses(async () => undefined);
    const name = `handover-${Date.now()}`;
    let finishA: () => void = () => undefined;
    a.every(name, minute, () => new Promise<void>((resolve) => (finishA = resolve)));
    let ranOnB = 0;
    b.every(name, minute, async () => ranOnB++);
    await (await import('../src/modules/jobs/repository.js')).jobRepository(ctx.db).ensure(name);
    const stuck = a.runIfDue(name); // a claims it and never finishes: the process "died"
    await new Promise((r) => setTimeout(r, 50));
    advance(minute - 1);
    expect(await b.runIfDue(name)).toBe(false); // a's lease still holds
    advance(2);
    expect(await b.runIfDue(name)).toBe(true);
    expect(ranOnB).toBe(1);
    finishA();
    await stuck;
    // a's late finish does not clear b's lease record: b is the holder now.
    const row = (await b.list()).find((job) => job.name === name);
    expect(row?.holder).toBe('b');
  });

  it('a failing run is counted and logged, and the job runs again next period', async () => {
    const { a, advance } = twoProcesses(async () => undefined);
    const name = `failing-${Date.now()}`;
    let calls = 0;
    a.every(name, minute, async () => {
      calls++;
      throw new Error('smtp down');
    });
    await (await import('../src/modules/jobs/repository.js')).jobRepository(ctx.db).ensure(name);
    expect(await a.runIfDue(name)).toBe(true);
    advance(minute);
    expect(await a.runIfDue(name)).toBe(true);
    expect(calls).toBe(2);
    const row = (await a.list()).find((job) => job.name === name);
    expect(row).toMatchObject({ runs: 2, failures: 2, last_error: 'smtp down' });
  });

  it('the app declares its sweeps and the best-sellers refresh as jobs', async () => {
    await ctx.app.jobs.start();
    await ctx.app.jobs.stop();
    const names = (await ctx.app.jobs.list()).map((job) => job.name);
    expect(names).toEqual(
      expect.arrayContaining(['best-sellers.refresh', 'gift-cards.deliver-due', 'orders.sweep-abandoned']),
    );
  });
});
