import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerInFlightDrain } from './in-flight';

describe('registerInFlightDrain', () => {
  it('lets a running handler finish before the hooks added earlier (the database) close', async () => {
    const events: string[] = [];
    const app = Fastify();
    app.addHook('onClose', async () => {
      events.push('database closed');
    });
    registerInFlightDrain(app);
    app.get('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      events.push('handler finished');
      return { ok: true };
    });
    await app.ready();

    const response = app.inject({ method: 'GET', url: '/slow' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await app.close();
    expect(events).toEqual(['handler finished', 'database closed']);
    expect((await response).statusCode).toBe(200);
  });

  it('gives up waiting after the timeout', async () => {
    const app = Fastify();
    registerInFlightDrain(app, 50);
    app.get('/stuck', () => new Promise(() => {}));
    await app.ready();
    void app.inject({ method: 'GET', url: '/stuck' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
