// `npm start` builds the web app only when something it is built from changed since the last build:
// a fingerprint of those files is kept beside the build, in apps/web/dist/.build-fingerprint.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
];

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
if (built === fingerprint && existsSync(path.join(dist, 'index.html'))) {
  console.log('Web app is up to date (apps/web/dist); skipping the build.');
  process.exit(0);
}
const result = spawnSync('npm', ['run', 'build', '--workspace', '@shop/web'], {
  cwd: root,
  stdio: 'inherit',
});
if (result.status !== 0) process.exit(result.status ?? 1);
writeFileSync(fingerprintFile, `${fingerprint}\n`);
