import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.js';

const redisUrl = process.env.TEST_REDIS_URL;

// Two API processes sharing one Redis share one budget per client: that is what lets a business
// run several stateless processes (DESIGN.md §1).
describe.skipIf(!redisUrl)('rate limits shared through Redis', () => {
  const apps: TestContext[] = [];
  beforeAll(async () => {
    const env = { RATE_LIMIT_MAX: '3', REDIS_URL: redisUrl as string };
    apps.push(await createTestApp({ env }), await createTestApp({ env }));
  });
  afterAll(async () => {
    for (const ctx of apps) await ctx.close();
  });

  it('counts requests to either process against the same limit', async () => {
    // A client address of this run's own keeps concurrent runs apart in the shared Redis.
    const ip = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    const statuses: number[] = [];
    for (const ctx of [apps[0], apps[1], apps[0], apps[1]]) {
      const res = await ctx?.app.inject({ method: 'GET', url: '/api/health', remoteAddress: ip });
      statuses.push(res?.statusCode ?? 0);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
