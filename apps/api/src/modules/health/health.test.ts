import { afterAll, describe, expect, it } from 'vitest';
import { ORIGIN } from '../../test/accounts';
import { type RedisServer, redisServerInstalled, startRedisServer } from '../../test/redis-server';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The value of one sample line of /metrics, e.g. `shop_dependency_up{dependency="redis"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((each) => each.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('readiness', () => {
  const apps: TestApp[] = [];
  let redis: RedisServer | undefined;
  afterAll(async () => {
    for (const app of apps) await app.close();
    await redis?.stop();
  });

  it.runIf(process.env.TEST_REDIS_URL)('checks Redis when the shop uses it', async () => {
    const testApp = await createTestApp({ redisUrl: process.env.TEST_REDIS_URL as string });
    apps.push(testApp);
    const response = await testApp.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', redis: 'ok', queue: 'ok' });
  });

  it('stays ready, degraded and naming Redis, while Redis cannot be reached; liveness stays 200', async () => {
    const testApp = await createTestApp({ redisUrl: 'redis://127.0.0.1:1' });
    apps.push(testApp);
    const response = await testApp.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'degraded', database: 'ok', redis: 'failed', queue: 'ok' });
    expect((await testApp.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it.runIf(redisServerInstalled)(
    'Redis stopped and started again: degraded meanwhile, every request served, ok once it is back',
    async () => {
      redis = await startRedisServer();
      const testApp = await createTestApp({ redisUrl: redis.url, catalogCacheSeconds: 60 });
      apps.push(testApp);
      const { app } = testApp;
      const ready = async () => {
        const response = await app.inject({ method: 'GET', url: '/api/ready' });
        const metrics = await app.inject({ method: 'GET', url: '/metrics' });
        return {
          status: response.statusCode,
          body: response.json(),
          up: sample(metrics.body, 'shop_dependency_up{dependency="redis"}'),
          database: sample(metrics.body, 'shop_dependency_up{dependency="database"}'),
        };
      };
      /** Requests that use Redis: the catalogue cache's generation, the sign-in rate limits. */
      const use = async () => {
        const started = Date.now();
        const list = await app.inject({ method: 'GET', url: '/api/products?limit=5' });
        const signIn = await app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          headers: { origin: ORIGIN },
          payload: { email: 'nobody@example.com', password: 'Wrong#password1' },
        });
        return { list: list.statusCode, signIn: signIn.statusCode, ms: Date.now() - started };
      };

      expect(await ready()).toEqual({
        status: 200,
        body: { status: 'ok', database: 'ok', redis: 'ok', queue: 'ok' },
        up: 1,
        database: 1,
      });
      expect(await use()).toMatchObject({ list: 200, signIn: 401 });

      await redis.stop();
      expect(await ready()).toEqual({
        status: 200,
        body: { status: 'degraded', database: 'ok', redis: 'failed', queue: 'ok' },
        up: 0,
        database: 1,
      });
      // Served as before, without waiting for Redis: the cache is bypassed, the limits count in the database.
      for (let round = 0; round < 3; round += 1) {
        const used = await use();
        expect(used).toMatchObject({ list: 200, signIn: 401 });
        expect(used.ms).toBeLessThan(1_000);
      }

      await redis.start();
      await expect.poll(async () => (await ready()).body.status, { timeout: 5_000 }).toBe('ok');
      expect(await ready()).toMatchObject({ status: 200, up: 1 });
      expect(await use()).toMatchObject({ list: 200, signIn: 401 });
    },
  );
});
