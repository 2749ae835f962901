import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('readiness', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it.runIf(process.env.TEST_REDIS_URL)('checks Redis when the shop uses it', async () => {
    const testApp = await createTestApp({ redisUrl: process.env.TEST_REDIS_URL as string });
    apps.push(testApp);
    const response = await testApp.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', redis: 'ok', queue: 'ok' });
  });

  it('answers 503, naming what failed, while Redis cannot be reached; liveness stays 200', async () => {
    const testApp = await createTestApp({ redisUrl: 'redis://127.0.0.1:1' });
    apps.push(testApp);
    const response = await testApp.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', database: 'ok', redis: 'failed', queue: 'ok' });
    expect((await testApp.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
