// `npm run build` and `npm start`: builds the web app (the browser's build in apps/web/dist, the server's
// render in apps/web/dist-server) and writes compressed copies of its files, only when something it is
// built from changed since the last build: a fingerprint of those files is kept beside the build, in
// apps/web/dist/.build-fingerprint.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCallback } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const fingerprintFile = path.join(dist, '.build-fingerprint');
const INPUTS = [
  'apps/web/index.html',
  'apps/web/package.json',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/public',
  'apps/web/src',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'scripts/build-web.mjs',
];
/** Built files sent compressed: a .br (brotli, highest quality) and a .gz are written beside each. */
const COMPRESSED = /\.(js|mjs|css|html|svg|json|txt|webmanifest|xml)$/;
/** Smaller files go out as they are (as the server's own compression does). */
const COMPRESS_FROM_BYTES = 1024;

function* files(relative) {
  const absolute = path.join(root, relative);
  if (!existsSync(absolute)) return;
  if (statSync(absolute).isFile()) {
    yield relative;
    return;
  }
  for (const entry of readdirSync(absolute).sort()) yield* files(path.join(relative, entry));
}

const hash = createHash('sha256');
for (const input of INPUTS) {
  for (const file of files(input)) {
    if (/\.test\.tsx?$/.test(file)) continue;
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  }
}
const fingerprint = hash.digest('hex');

const built = existsSync(fingerprintFile) && readFileSync(fingerprintFile, 'utf8').trim();
const complete = ['dist/index.html', 'dist-server/entry-server.js'].every((file) =>
  existsSync(path.join(root, 'apps/web', file)),
);
if (built === fingerprint && complete) {
  console.log('Web app is up to date (apps/web/dist); skipping the build.');
  process.exit(0);
}
const result = spawnSync('npm', ['run', 'build', '--workspace', '@shop/web'], {
  cwd: root,
  stdio: 'inherit',
});
if (result.status !== 0) process.exit(result.status ?? 1);

// Compressed on libuv's thread pool, so every core takes a share of the files.
const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);
const toCompress = [...files('apps/web/dist')]
  .filter((file) => COMPRESSED.test(file))
  .map((file) => path.join(root, file))
  .filter((absolute) => statSync(absolute).size >= COMPRESS_FROM_BYTES);
await Promise.all(
  toCompress.map(async (absolute) => {
    const content = await readFile(absolute);
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzip(content, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${absolute}.br`, br), writeFile(`${absolute}.gz`, gz)]);
  }),
);
const compressed = toCompress.length;
console.log(`Compressed ${compressed} built files (.br and .gz beside each).`);
writeFileSync(fingerprintFile, `${fingerprint}\n`);
