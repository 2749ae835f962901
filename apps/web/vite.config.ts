import { createRequire } from 'node:module';
import path from 'node:path';
import purgeCSSPlugin from '@fullhuman/postcss-purgecss';
import react from '@vitejs/plugin-react';
import type { Plugin as PostcssPlugin } from 'postcss';
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

/**
 * The app's scripts start once the page is on screen. Pages come rendered from the server (decision 16):
 * the stylesheet, the fonts and the largest picture draw the page, and the scripts that make it
 * interactive should not take the bandwidth and the main thread those need first. The entry and its
 * module preloads are handed to public/boot.js, which loads them after that first paint.
 */
function scriptsAfterThePage(): Plugin {
  return {
    name: 'scripts-after-the-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const preloads: string[] = [];
        let entry: string | null = null;
        const stripped = html
          .replace(/\s*<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g, (_tag, href: string) => {
            preloads.push(href);
            return '';
          })
          .replace(/\s*<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/, (_tag, src: string) => {
            entry = src;
            return '';
          });
        if (!entry) throw new Error('index.html has no module entry script');
        // main.tsx imports the app's parts one after the other (to evaluate each in a task of its own):
        // fetch them, and what they import, with the rest.
        const bundle = context.bundle ?? {};
        const chunkAt = (fileName: string) => {
          const chunk = bundle[fileName];
          return chunk?.type === 'chunk' ? chunk : undefined;
        };
        const entryChunk = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
        const pending = entryChunk?.type === 'chunk' ? [...entryChunk.dynamicImports] : [];
        const seen = new Set(preloads.map((href) => href.slice(1)));
        for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
          if (seen.has(file)) continue;
          seen.add(file);
          preloads.push(`/${file}`);
          pending.push(...(chunkAt(file)?.imports ?? []));
        }
        return stripped.replace(
          '</head>',
          `  <script src="/boot.js" defer data-app="${entry}" data-preload="${preloads.join(' ')}"></script>\n  </head>`,
        );
      },
    },
  };
}

const reactBootstrap = path.dirname(createRequire(import.meta.url).resolve('react-bootstrap/package.json'));

/**
 * Drops the Bootstrap rules no page uses (about four fifths of bootstrap.min.css): a smaller stylesheet
 * blocks the first paint for less time and costs less to parse and match on every page (decision 16).
 * A class counts as used when its name appears in the app's source or in the react-bootstrap
 * components the app renders. The classes those components and the app compose at run time
 * (`alert-${tone}`, `modal-${size}`, `bs-popover-${placement}`) are kept by pattern. The shop's own
 * stylesheets are kept whole.
 */
function unusedBootstrapRules(): PostcssPlugin {
  const purge = purgeCSSPlugin({
    content: [
      'index.html',
      'src/**/*.{ts,tsx}',
      `${reactBootstrap}/esm/{AbstractModalHeader,BootstrapModalManager,CloseButton,Fade,Modal*,Offcanvas*,Overlay,Popover*}.js`,
    ],
    safelist: {
      standard: [
        /^alert-/,
        /^modal/,
        /^offcanvas/,
        /^popover/,
        /^bs-popover-/,
        /^fade$/,
        /^show/,
        /^hiding$/,
      ],
    },
  }) as PostcssPlugin;
  return {
    postcssPlugin: 'unused-bootstrap-rules',
    OnceExit(root, helpers) {
      const file = root.source?.input.file ?? '';
      if (!file.includes(`${path.sep}bootstrap${path.sep}dist${path.sep}`)) return;
      return purge.OnceExit?.(root, helpers);
    },
  };
}

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig(({ command }) => ({
  plugins: [react(), preloadFirstFonts(), scriptsAfterThePage()],
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/uploads': apiTarget },
  },
  // The server-side render (src/entry-server.tsx) is one self-contained module the API server imports.
  ssr: { noExternal: true },
  // `vite build --app` builds the browser's app and the server's render in one run (one config load, one
  // set of plugins) instead of two builds one after the other.
  environments: {
    ssr: {
      build: {
        outDir: 'dist-server',
        copyPublicDir: false,
        rollupOptions: { input: 'src/entry-server.tsx' },
      },
    },
  },
  css: { postcss: { plugins: command === 'build' ? [unusedBootstrapRules()] : [] } },
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    assetsInlineLimit: 0,
    // One stylesheet for every page: a page rendered on the server is drawn with all of its styles from
    // the first paint, never restyled when its route's code arrives (decision 16).
    cssCodeSplit: false,
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
}));
