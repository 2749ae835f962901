import type { FastifyInstance } from 'fastify';
import { eachLimit, PICTURE_VARIANTS, writeProductPictures } from './images';
import type { SneakerArt } from './sneaker-art';

const PICTURE_URL = /^\/uploads\/products\/([a-z0-9-]+)\/([a-z]+)\.webp(?:\?.*)?$/;
const PROGRESS_EVERY = 25;

/**
 * The seed catalogue's pictures take a minute or two to draw on a small machine, so the first start does
 * not wait for them: the shop starts serving at once and draws them in the background (two at a time,
 * logging progress). A picture somebody asks for before its turn is drawn right away, so no visitor sees
 * a broken image. Pictures already stored are never drawn again: with several instances on one database,
 * the first to reach a picture draws it and the others find it stored.
 */
export function drawPicturesAfterStart(app: FastifyInstance, products: readonly SneakerArt[]): void {
  const storage = app.storage;
  const bySlug = new Map(products.map((product) => [product.slug, product]));
  const drawing = new Map<string, Promise<number>>();
  let stopped = false;

  /** Draws a product's missing variants once, however many requests and workers ask for it. */
  const draw = (art: SneakerArt) => {
    let pending = drawing.get(art.slug);
    if (!pending) {
      pending = writeProductPictures(storage, art);
      drawing.set(art.slug, pending);
    }
    return pending;
  };

  app.addHook('onRequest', async (request) => {
    const match = PICTURE_URL.exec(request.url);
    const art = match ? bySlug.get(match[1] ?? '') : undefined;
    if (art && PICTURE_VARIANTS.some((variant) => variant.name === match?.[2])) {
      await draw(art).catch((error: unknown) =>
        request.log.error({ err: error, slug: art.slug }, 'could not draw the product picture'),
      );
    }
  });

  app.addHook('onListen', async () => {
    const started = performance.now();
    let done = 0;
    let written = 0;
    // Not awaited: the shop is already serving while this runs.
    void eachLimit(products, 2, async (art) => {
      if (stopped) return;
      written += await draw(art);
      done += 1;
      if (written > 0 && (done % PROGRESS_EVERY === 0 || done === products.length)) {
        app.log.info(`product pictures: ${done} of ${products.length} products ready`);
      }
    }).then(
      () => {
        if (written > 0 && !stopped) {
          const seconds = ((performance.now() - started) / 1000).toFixed(1);
          app.log.info(`product pictures: ${written} files drawn in ${seconds} s (${storage.location})`);
        }
      },
      (error: unknown) => app.log.error({ err: error }, 'drawing the product pictures failed'),
    );
  });
  app.addHook('onClose', async () => {
    stopped = true;
    await Promise.allSettled(drawing.values());
  });
}
