import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerRequestLog, requestScopedLogger } from './request-log';

describe('the services’ logger', () => {
  it("writes with the current request's id, and without one outside a request", async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream } });
    registerRequestLog(app);
    const serviceLog = requestScopedLogger(app.log);
    app.get('/work', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      serviceLog.warn({ orderId: 'o1' }, 'provider slow');
      return { ok: true };
    });
    const response = await app.inject({ method: 'GET', url: '/work' });
    serviceLog.info('outside');
    await app.close();

    const inside = lines.find((line) => line.msg === 'provider slow');
    expect(inside).toMatchObject({ orderId: 'o1', reqId: expect.any(String) });
    expect(response.statusCode).toBe(200);
    expect(lines.find((line) => line.msg === 'outside')).not.toHaveProperty('reqId');
  });
});
