// `npm run lint:boundaries`: the shop's boundaries (DESIGN.md section 3, decision 28). One cruise of the
// given folders with .dependency-cruiser.cjs (its rules are listed as dependency-cruiser's `err` report),
// then on the same result the loops between the API's modules (module-loops.mjs), then the tables the
// modules' SQL names (sql-tables.mjs). Fails when any of the three finds something.
// Usage: node scripts/boundaries/check.mjs [folders…], run from the folder that holds apps/.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { format } from 'dependency-cruiser';
import { describeLoops, moduleLoops } from './module-loops.mjs';
import { describeForeignTables, foreignTablesInSql } from './sql-tables.mjs';

const depcruise = fileURLToPath(new URL('../../node_modules/.bin/depcruise', import.meta.url));
const config = fileURLToPath(new URL('../../.dependency-cruiser.cjs', import.meta.url));
const folders = process.argv.length > 2 ? process.argv.slice(2) : ['apps', 'packages', 'e2e', 'scripts'];

const cruise = spawnSync(depcruise, [...folders, '--config', config, '--output-type', 'json'], {
  encoding: 'utf8',
  maxBuffer: 1024 * 1024 * 1024,
});
if (cruise.error || !cruise.stdout.trimStart().startsWith('{')) {
  process.stderr.write(cruise.stderr || String(cruise.error));
  process.exit(2);
}
const result = JSON.parse(cruise.stdout);
const report = await format(result, { outputType: 'err' });
process.stdout.write(report.output);

const loops = moduleLoops(result.modules);
const foreign = foreignTablesInSql('.');
for (const line of [...describeLoops(loops), ...describeForeignTables(foreign)]) console.log(line);
console.log(
  `${loops.length} loop(s) between modules, ${foreign.length} place(s) where a module's SQL names another module's table`,
);
process.exitCode = result.summary.error > 0 || loops.length > 0 || foreign.length > 0 ? 1 : 0;
