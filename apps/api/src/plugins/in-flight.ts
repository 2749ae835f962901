import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Shutdown waits for the handlers still running before the database closes. Closing the server waits only
 * for open connections; a client that hung up mid-request (a buyer closing the tab during checkout) leaves
 * its handler running, and it must still be able to finish its transaction (or roll its order back).
 * A handler counts as finished once it answers (`onSend`), even to a closed connection.
 */
export function registerInFlightDrain(app: FastifyInstance, timeoutMs = 10_000): void {
  const running = new Set<FastifyRequest>();
  let drained: (() => void) | undefined;
  const finish = (request: FastifyRequest) => {
    running.delete(request);
    if (running.size === 0) drained?.();
  };
  // Callback-style hooks: no promise per request on the hot path.
  app.addHook('onRequest', (request, _reply, done) => {
    running.add(request);
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    finish(request);
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    finish(request);
    done();
  });
  // Hooks run last-added first on close: this one runs after the server stopped taking connections and
  // before the database (whose hook was added earlier) closes.
  app.addHook('onClose', async () => {
    if (running.size === 0) return;
    app.log.info({ running: running.size }, 'waiting for running requests before closing');
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      drained = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  });
}
