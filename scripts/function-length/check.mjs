// `npm run lint:functions`: lists every function in apps/ over 120 lines (DESIGN.md section 3: small
// functions), longest first, and fails when there is one. Tests, the bench and the seed's drawings are
// exempt. Usage: node scripts/function-length/check.mjs [--limit 120] [paths…]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { longFunctions } from './long-functions.mjs';

const EXEMPT = [
  /\/src\/seed\/sneaker-art\.ts$/,
  /\/bench\//,
  /\/multi-instance\//,
  /\.test\.tsx?$/,
  /\/node_modules\//,
  /\/dist(-server)?\//,
];

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (EXEMPT.some((pattern) => pattern.test(`${path}/`) || pattern.test(path))) continue;
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx)$/.test(entry) && !entry.endsWith('.d.ts')) yield path;
  }
}

const args = process.argv.slice(2);
const limitAt = args.indexOf('--limit');
const limit = limitAt >= 0 ? Number(args.splice(limitAt, 2)[1]) : 120;
const roots = args.length > 0 ? args : ['apps'];
const found = roots.flatMap((root) =>
  [...sourceFiles(root)].flatMap((file) => longFunctions(file, readFileSync(file, 'utf8'), limit)),
);
for (const { file, line, lines, name } of found.sort((a, b) => b.lines - a.lines)) {
  console.log(`${relative('.', file)}:${line}  ${name}  ${lines} lines`);
}
console.log(
  found.length === 0 ? `No function over ${limit} lines` : `${found.length} function(s) over ${limit} lines`,
);
process.exitCode = found.length > 0 ? 1 : 0;
