import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/** The fonts every page draws its first text with (their Latin subsets): fetched with the HTML. */
const FIRST_FONTS = [
  /^assets\/inter-latin-wght-normal-[\w-]+\.woff2$/,
  /^assets\/bebas-neue-latin-400-normal-[\w-]+\.woff2$/,
];

/**
 * Preloads FIRST_FONTS from index.html, so text is drawn in its own font from the first paint instead of
 * swapping once the stylesheet has been read and the font fetched (a late swap moves the layout).
 */
function preloadFirstFonts(): Plugin {
  return {
    name: 'preload-first-fonts',
    apply: 'build',
    transformIndexHtml(_html, context) {
      const files = Object.keys(context.bundle ?? {}).filter((file) =>
        FIRST_FONTS.some((font) => font.test(file)),
      );
      return files.map((file) => ({
        tag: 'link',
        attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
        injectTo: 'head' as const,
      }));
    },
  };
}

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), preloadFirstFonts()],
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/uploads': apiTarget },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    assetsInlineLimit: 0,
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // The web tests share two cores with the API suite: generous limits keep a busy machine from failing them.
    testTimeout: 20_000,
  },
});
