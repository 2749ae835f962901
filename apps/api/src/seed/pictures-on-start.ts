import type { FastifyInstance } from 'fastify';
import { BANNER_KEYS, writeBannerPoster, writeBannerVideo } from './banner-video';
import { eachLimit, PICTURE_VARIANTS, writeProductPictures } from './images';
import type { SneakerArt } from './sneaker-art';

const PICTURE_KEY = /^products\/([a-z0-9-]+)\/([a-z]+)\.webp$/;
const PROGRESS_EVERY = 25;

/**
 * The seed catalogue's pictures take a minute or two to draw on a small machine, so the first start does
 * not wait for them: the shop starts serving at once and draws them in the background (two at a time,
 * logging progress), with the women's banner: its poster first (the page shows it at once), its video
 * last. A picture somebody asks for before its turn is drawn right away, so no visitor sees a broken image.
 * Pictures already stored are never drawn again: with several instances on one database, the first to
 * reach a picture draws it and the others find it stored.
 */
export function drawPicturesAfterStart(app: FastifyInstance, products: readonly SneakerArt[]): void {
  const storage = app.storage;
  const bySlug = new Map(products.map((product) => [product.slug, product]));
  const drawing = new Map<string, Promise<number>>();
  let stopped = false;

  /** Draws `id` once, however many requests and workers ask for it; answers the files stored. */
  const once = (id: string, draw: () => Promise<number>) => {
    let pending = drawing.get(id);
    if (!pending) {
      pending = draw();
      drawing.set(id, pending);
    }
    return pending;
  };
  const drawProduct = (art: SneakerArt) =>
    once(`product ${art.slug}`, () => writeProductPictures(storage, art));
  const drawPoster = () => once(BANNER_KEYS.poster, () => writeBannerPoster(storage));
  const drawVideo = () =>
    once(BANNER_KEYS.video, async () => {
      const started = performance.now();
      const written = await writeBannerVideo(storage);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      if (written > 0) app.log.info(`women's banner video drawn in ${seconds} s`);
      return written;
    });

  /** The drawing a request for the storage's `key` waits for, when the key is one the seed draws. */
  const drawingOf = (key: string): Promise<number> | null => {
    if (key === BANNER_KEYS.poster) return drawPoster();
    if (key === BANNER_KEYS.video) return drawVideo();
    const match = PICTURE_KEY.exec(key);
    const art = match ? bySlug.get(match[1] ?? '') : undefined;
    return art && PICTURE_VARIANTS.some((variant) => variant.name === match?.[2]) ? drawProduct(art) : null;
  };

  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/uploads/')) return;
    await drawingOf(path.slice('/uploads/'.length))?.catch((error: unknown) =>
      request.log.error({ err: error, url: path }, 'could not draw the picture'),
    );
  });

  app.addHook('onListen', async () => {
    const started = performance.now();
    let done = 0;
    let written = 0;
    // `written += await …` would read `written` before the wait and lose what the other worker added.
    const count = (files: number) => {
      written += files;
    };
    const drawAll = async () => {
      count(await drawPoster());
      await eachLimit(products, 2, async (art) => {
        if (stopped) return;
        count(await drawProduct(art));
        done += 1;
        if (written > 0 && (done % PROGRESS_EVERY === 0 || done === products.length)) {
          app.log.info(`product pictures: ${done} of ${products.length} products ready`);
        }
      });
      if (!stopped) count(await drawVideo());
    };
    // Not awaited: the shop is already serving while this runs.
    void drawAll().then(
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
