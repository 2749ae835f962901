/**
 * Encodes the women's banner off the shop's event loop (banner-video.ts) and hands the WebM back. Plain
 * JavaScript: a worker thread does not inherit the loader that runs the TypeScript sources, so it
 * registers it (tsx) itself, in the server and in the tests alike.
 */
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { encodeBannerVideo } = await import('./banner-video.ts');
const webm = await encodeBannerVideo();
parentPort?.postMessage(webm, [webm.buffer]);
