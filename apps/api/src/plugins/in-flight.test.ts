import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { registerInFlightDrain } from './in-flight';

describe('registerInFlightDrain', () => {
  it('lets a running handler finish before the hooks added earlier (the database) close', async () => {
    const events: string[] = [];
    const app = Fastify();
    app.addHook('onClose', async () => {
      events.push('database closed');
    });
    registerInFlightDrain(app);
    let started = false;
    app.get('/slow', async () => {
      started = true;
      // Kept: the handler is slow on purpose, so that close() has something running to wait for.
      await new Promise((resolve) => setTimeout(resolve, 200));
      events.push('handler finished');
      return { ok: true };
    });
    await app.ready();

    const response = app.inject({ method: 'GET', url: '/slow' });
    await vi.waitFor(() => expect(started).toBe(true));
    await app.close();
    expect(events).toEqual(['handler finished', 'database closed']);
    expect((await response).statusCode).toBe(200);
  });

  it('gives up waiting after the timeout', async () => {
    const app = Fastify();
    registerInFlightDrain(app, 50);
    let entered = false;
    app.get('/stuck', () => {
      entered = true;
      return new Promise(() => {});
    });
    await app.ready();
    void app.inject({ method: 'GET', url: '/stuck' });
    await vi.waitFor(() => expect(entered).toBe(true));
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
