/**
 * The women's page's video banner (spec section 1), drawn from the shop's own sneakers: four of the
 * catalogue's women's runners take turns on a dark stage, each running in from the left, hopping twice and
 * running off to the right, over a moving track. Six seconds at 24 frames a second, looping seamlessly.
 *
 * Each shoe is drawn once (the catalogue's own drawing, sneaker-art.ts), the frames are put together here,
 * and libav.js (FFmpeg's libraries compiled to WebAssembly) encodes them as WebM (VP8) in process: nothing
 * to install on the machine, nothing downloaded (docs/decisions/0027). The poster is the first frame, as
 * WebP. Both are stored with the uploads and never drawn again while stored.
 */
import { Worker } from 'node:worker_threads';
import { WOMEN_BANNER } from '@shop/contracts';
import type { Storage } from '../lib/storage';
import { buildCatalogue, type SeedProduct } from './catalogue';
import { sneakerSvg } from './sneaker-art';

const { width: WIDTH, height: HEIGHT } = WOMEN_BANNER;
const FPS = 24;
const SHOES = 4;
/** Each shoe's turn: 1.5 s. */
const FRAMES_PER_SHOE = 36;
const FRAMES = SHOES * FRAMES_PER_SHOE;
/** Frames handed to the encoder at once: bounds the memory the frames take. */
const BATCH = 12;
/**
 * The encoder's real-time mode: a few seconds of one core for the loop, where its best mode takes twice as
 * long for no visible gain on this drawing. It aims at BIT_RATE but never quantises coarser than
 * QUANTIZER_MAX (of 63), which is what keeps a shoe running past, and the stage it uncovers, free of blocks:
 * the loop comes to about 260 kB.
 */
const BIT_RATE = 150_000;
const QUANTIZER_MAX = 44;

/** Where a shoe stands while it hops (right of the middle: a wide screen lays the text on the left). */
const STAGE_X = 640;
/** Where the floor is. */
const FLOOR_Y = 452;
/** A shoe's picture (4:3, sneaker-art.ts), and how far down it a runner's sole meets the floor. */
const SHOE_W = 480;
const SHOE_H = 360;
const SHOE_FLOOR = 252;
/** The part of a shoe's turn spent running in, and again running off. */
const RUN = 0.25;
/** Where a shoe starts and ends its turn: just off the stage, left and right. */
const ENTER_X = -SHOE_W / 2;
const LEAVE_X = WIDTH + SHOE_W / 2;
const HOP_HEIGHT = 18;
const DASH_PERIOD = 96;
/** Pixels a frame the track moves: a whole number of dash periods per loop, so the loop is seamless. */
const DASH_SPEED = (DASH_PERIOD * 18) / FRAMES;

export const BANNER_KEYS = {
  video: WOMEN_BANNER.video.replace(/^\/uploads\//, ''),
  poster: WOMEN_BANNER.poster.replace(/^\/uploads\//, ''),
} as const;

/** An RGBA picture (straight alpha). */
interface Sprite {
  data: Buffer;
  width: number;
  height: number;
}

interface Scene {
  background: Buffer;
  shoes: Sprite[];
  shadow: Sprite;
  dash: Sprite;
  streak: Sprite;
}

/** The women's runners the banner shows: four colours, none black (it would vanish on the dark stage). */
export function bannerShoes(catalogue: readonly SeedProduct[] = buildCatalogue()): SeedProduct[] {
  const chosen: SeedProduct[] = [];
  for (const product of catalogue) {
    if (chosen.length === SHOES) break;
    const fits = product.genders.includes('women') && product.silhouette === 'runner';
    if (fits && product.color !== 'Black' && !chosen.some((shoe) => shoe.color === product.color))
      chosen.push(product);
  }
  if (chosen.length < SHOES) throw new Error('The catalogue has too few women’s runners for the banner');
  return chosen;
}

async function rasterise(svg: string): Promise<Sprite> {
  const { default: sharp } = await import('sharp');
  const { data, info } = await sharp(Buffer.from(svg))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

/** The stage (dark, with an orange sun setting behind the track) and the sprites moved over it. */
async function drawScene(): Promise<Scene> {
  const stage = await rasterise(
    svg(
      WIDTH,
      HEIGHT,
      // Flat shapes: gradients cost the encoder many bits to keep from turning blocky.
      `<defs><clipPath id="sky"><rect width="${WIDTH}" height="${FLOOR_Y}"/></clipPath></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="#151312"/>
<g clip-path="url(#sky)">
<circle cx="${STAGE_X}" cy="${FLOOR_Y}" r="230" fill="#3a1a0f"/>
<circle cx="${STAGE_X}" cy="${FLOOR_Y}" r="262" fill="none" stroke="#c2410c" stroke-width="4"/>
</g>
<rect x="0" y="${FLOOR_Y + 2}" width="${WIDTH}" height="2" fill="#3d3935"/>`,
    ),
  );
  // The frames are RGB: the stage is opaque.
  const background = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let i = 0, j = 0; i < background.length; i += 3, j += 4) {
    background[i] = stage.data[j] as number;
    background[i + 1] = stage.data[j + 1] as number;
    background[i + 2] = stage.data[j + 2] as number;
  }
  const shoes = await Promise.all(
    bannerShoes().map((shoe) => rasterise(sneakerSvg(shoe, SHOE_W, SHOE_H, false))),
  );
  const shadow = await rasterise(
    svg(
      380,
      40,
      '<defs><radialGradient id="s"><stop offset="0" stop-opacity="0.65"/><stop offset="1" stop-opacity="0"/></radialGradient></defs><ellipse cx="190" cy="20" rx="190" ry="20" fill="url(#s)"/>',
    ),
  );
  const dash = await rasterise(
    svg(48, 4, '<rect width="48" height="4" rx="2" fill="#ffffff" fill-opacity="0.35"/>'),
  );
  const streak = await rasterise(
    svg(
      160,
      4,
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#ffffff" stop-opacity="0"/><stop offset="1" stop-color="#ffffff" stop-opacity="0.7"/></linearGradient></defs><rect width="160" height="4" rx="2" fill="url(#g)"/>',
    ),
  );
  return { background, shoes, shadow, dash, streak };
}

/** Lays `sprite` on the RGB `picture` with its top left corner at (x, y), at `opacity`. */
function blit(picture: Buffer, sprite: Sprite, x: number, y: number, opacity = 1): void {
  const left = Math.max(0, -x);
  const right = Math.min(sprite.width, WIDTH - x);
  const top = Math.max(0, -y);
  const bottom = Math.min(sprite.height, HEIGHT - y);
  for (let row = top; row < bottom; row += 1) {
    let source = (row * sprite.width + left) * 4;
    let target = ((y + row) * WIDTH + x + left) * 3;
    for (let column = left; column < right; column += 1, source += 4, target += 3) {
      const alpha = ((sprite.data[source + 3] as number) / 255) * opacity;
      if (alpha === 0) continue;
      for (let channel = 0; channel < 3; channel += 1) {
        const below = picture[target + channel] as number;
        picture[target + channel] = below + ((sprite.data[source + channel] as number) - below) * alpha;
      }
    }
  }
}

/** Speed streaks: height above the sole's line, and weight (how far behind the heel it reaches, how bright). */
const STREAKS = [
  [-60, 0.9],
  [-30, 0.6],
  [0, 1],
] as const;

const easeOut = (t: number) => 1 - (1 - t) ** 3;
const easeIn = (t: number) => t ** 3;

/**
 * Where shoe `index` is at frame `frame`: its centre's x, how high it hops, how fast it runs (0 to 1); null
 * while it waits for its turn. One shoe at a time: it runs in toe first from the left, hops twice at the
 * stage and runs off to the right, and the next one comes in. The loop starts with the first shoe just
 * arrived (the poster).
 */
export function shoeAt(index: number, frame: number): { x: number; lift: number; speed: number } | null {
  const turn = (frame / FRAMES_PER_SHOE + RUN - index + SHOES) % SHOES;
  if (turn >= 1) return null;
  if (turn < RUN) {
    const t = turn / RUN;
    return { x: ENTER_X + (STAGE_X - ENTER_X) * easeOut(t), lift: 0, speed: 1 - t };
  }
  if (turn < 1 - RUN) {
    const t = (turn - RUN) / (1 - 2 * RUN);
    return { x: STAGE_X, lift: HOP_HEIGHT * Math.abs(Math.sin(2 * Math.PI * t)), speed: 0 };
  }
  const t = (turn - (1 - RUN)) / RUN;
  return { x: STAGE_X + (LEAVE_X - STAGE_X) * easeIn(t), lift: 0, speed: t };
}

/** Frame `frame` of the loop, RGB. */
function drawFrame(scene: Scene, frame: number): Buffer {
  const picture = Buffer.from(scene.background);
  const offset = (frame * DASH_SPEED) % DASH_PERIOD;
  for (let x = -offset; x < WIDTH; x += DASH_PERIOD) blit(picture, scene.dash, Math.round(x), FLOOR_Y + 26);
  scene.shoes.forEach((shoe, index) => {
    const place = shoeAt(index, frame);
    if (!place) return;
    const x = Math.round(place.x - SHOE_W / 2);
    blit(
      picture,
      scene.shadow,
      Math.round(place.x - scene.shadow.width / 2),
      FLOOR_Y - scene.shadow.height / 2,
      1 - place.lift / (HOP_HEIGHT * 2),
    );
    // Speed streaks trail a running shoe, behind its heel.
    if (place.speed > 0.1) {
      for (const [dy, weight] of STREAKS) {
        const streakX = x + 40 - Math.round(scene.streak.width * weight);
        blit(picture, scene.streak, streakX, FLOOR_Y - 70 + dy, place.speed * weight);
      }
    }
    blit(picture, shoe, x, Math.round(FLOOR_Y - SHOE_FLOOR - place.lift));
  });
  return picture;
}

/** RGB to the encoder's YUV 4:2:0 (BT.601, limited range: what browsers assume for VP8). */
function toYuv420(rgb: Buffer): Uint8Array {
  const lumaSize = WIDTH * HEIGHT;
  const chromaWidth = WIDTH / 2;
  const yuv = new Uint8Array(lumaSize * 1.5);
  for (let i = 0, p = 0; i < lumaSize; i += 1, p += 3) {
    const r = rgb[p] as number;
    const g = rgb[p + 1] as number;
    const b = rgb[p + 2] as number;
    yuv[i] = ((66 * r + 129 * g + 25 * b + 128) >> 8) + 16;
  }
  for (let y = 0; y < HEIGHT; y += 2) {
    for (let x = 0; x < WIDTH; x += 2) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const p of [y * WIDTH + x, y * WIDTH + x + 1, (y + 1) * WIDTH + x, (y + 1) * WIDTH + x + 1]) {
        r += rgb[p * 3] as number;
        g += rgb[p * 3 + 1] as number;
        b += rgb[p * 3 + 2] as number;
      }
      const c = (y / 2) * chromaWidth + x / 2;
      yuv[lumaSize + c] = ((-38 * r - 74 * g + 112 * b + 512) >> 10) + 128;
      yuv[lumaSize * 1.25 + c] = ((112 * r - 94 * g - 18 * b + 512) >> 10) + 128;
    }
  }
  return yuv;
}

/** The whole loop as WebM (VP8); run in a worker thread (banner-video-worker.mjs). */
export async function encodeBannerVideo(): Promise<Buffer> {
  const scene = await drawScene();
  const { default: LibAV } = await import('@libav.js/variant-webm');
  const libav = await LibAV.LibAV({ noworker: true });
  await libav.av_log_set_level(libav.AV_LOG_ERROR);
  const [, codec, frame, packet] = await libav.ff_init_encoder('libvpx', {
    ctx: {
      width: WIDTH,
      height: HEIGHT,
      pix_fmt: libav.AV_PIX_FMT_YUV420P,
      framerate_num: FPS,
      framerate_den: 1,
      gop_size: FRAMES,
      bit_rate: BIT_RATE,
    },
    time_base: [1, FPS],
    options: { deadline: 'realtime', 'cpu-used': '8', qmax: String(QUANTIZER_MAX) },
  });
  const file = 'banner.webm';
  const [muxer, , io] = await libav.ff_init_muxer({ format_name: 'webm', filename: file, open: true }, [
    [codec, 1, FPS],
  ]);
  await libav.avformat_write_header(muxer, 0);
  const lumaSize = WIDTH * HEIGHT;
  const layout = [
    { offset: 0, stride: WIDTH },
    { offset: lumaSize, stride: WIDTH / 2 },
    { offset: lumaSize * 1.25, stride: WIDTH / 2 },
  ];
  for (let first = 0; first < FRAMES; first += BATCH) {
    const frames = [];
    for (let index = first; index < Math.min(first + BATCH, FRAMES); index += 1) {
      frames.push({
        data: toYuv420(drawFrame(scene, index)),
        format: libav.AV_PIX_FMT_YUV420P,
        width: WIDTH,
        height: HEIGHT,
        layout,
        pts: index,
        ptshi: 0,
      });
    }
    const packets = await libav.ff_encode_multi(codec, frame, packet, frames, first + BATCH >= FRAMES);
    await libav.ff_write_multi(muxer, packet, packets);
  }
  await libav.av_write_trailer(muxer);
  await libav.ff_free_muxer(muxer, io);
  await libav.ff_free_encoder(codec, frame, packet);
  const webm = await libav.readFile(file);
  await libav.unlink(file);
  return Buffer.from(webm);
}

/**
 * Draws the banner's poster (the loop's first frame) when it is not stored yet; answers the files stored.
 * Cheap (a fraction of a second): it comes first, as the women's page shows it at once.
 */
export async function writeBannerPoster(storage: Storage): Promise<number> {
  if (await storage.has(BANNER_KEYS.poster)) return 0;
  const { default: sharp } = await import('sharp');
  const first = drawFrame(await drawScene(), 0);
  const webp = await sharp(first, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .webp({ quality: 80, effort: 4 })
    .toBuffer();
  await storage.put(BANNER_KEYS.poster, webp, 'image/webp');
  return 1;
}

/**
 * Draws and encodes the banner's video when it is not stored yet; answers the files stored. The drawing and
 * the encoder run synchronously for a few seconds in all, so they run in a worker thread: the shop's event
 * loop goes on answering meanwhile.
 */
export async function writeBannerVideo(storage: Storage): Promise<number> {
  if (await storage.has(BANNER_KEYS.video)) return 0;
  await storage.put(BANNER_KEYS.video, await encodeInWorker(), 'video/webm');
  return 1;
}

function encodeInWorker(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./banner-video-worker.mjs', import.meta.url));
    worker.once('message', (webm: Uint8Array) =>
      resolve(Buffer.from(webm.buffer, webm.byteOffset, webm.byteLength)),
    );
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The banner's encoder ended with code ${code}`)));
  });
}
