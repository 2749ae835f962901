// Lists every function in apps/ longer than the limit (DESIGN.md section 3: small functions).
// Usage: node scripts/function-length/check.mjs [--limit 120] [paths…]; exits 1 when one is found.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const EXEMPT = [/\/db\/seed\/sneaker-art\.ts$/, /\/bench\//, /\.test\.tsx?$/, /\/node_modules\//, /\/dist\//];

export function longFunctions(file, text, limit) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.end).line;
      const lines = end - start + 1;
      if (lines > limit) found.push({ file, line: start + 1, lines, name: nameOf(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function nameOf(node) {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText();
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (parent && ts.isCallExpression(parent)) return `callback of ${parent.expression.getText().slice(0, 40)}`;
  return '(anonymous)';
}

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
console.log(`${found.length} function(s) over ${limit} lines`);
process.exitCode = found.length > 0 ? 1 : 0;
