// The SQL a module writes itself names only its own tables. A module's tables are the pgTable('<name>', …)
// of apps/api/src/db/schema/<module>.ts. Read: sql`…` templates (tagged sql or sql<T>), sql.raw('…') and
// strings or plain templates handed to .execute(…) / .query(…): the table after FROM, JOIN, UPDATE, INTO,
// TABLE, REFERENCES, TRUNCATE and USING (quoted or not, `public.` allowed, FROM's comma lists too), each
// sql.identifier('…'), and each interpolated table object (or column of one, or alias of one) imported
// from another module's schema file. Tests and the migrations (raw .sql files) are not read.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import ts from 'typescript';

const SCHEMA = 'apps/api/src/db/schema';
const MODULES = 'apps/api/src/modules';
const TEST = /\.test\.tsx?$/;

/** The tables of each schema file: by export name (`orderItem`) and by table name (`order_item`). */
export function schemaTables(root) {
  const byExport = new Map();
  const byName = new Map();
  const dir = join(root, SCHEMA);
  for (const entry of readdirSync(dir).filter((name) => name.endsWith('.ts') && name !== 'index.ts')) {
    const module = basename(entry, '.ts');
    const source = parse(join(dir, entry), readFileSync(join(dir, entry), 'utf8'));
    walk(source, (node) => {
      if (!ts.isVariableDeclaration(node) || !ts.isIdentifier(node.name) || !node.initializer) return;
      const call = node.initializer;
      if (!ts.isCallExpression(call) || call.expression.getText(source) !== 'pgTable') return;
      const [name] = call.arguments;
      if (!name || !ts.isStringLiteralLike(name)) return;
      const table = { module, name: name.text };
      byExport.set(`${module}:${node.name.text}`, table);
      byName.set(name.text, table);
    });
  }
  return { byExport, byName };
}

const parse = (file, text) => ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);

function walk(node, visit) {
  visit(node);
  ts.forEachChild(node, (child) => walk(child, visit));
}

const KEYWORD = /\b(from|join|update|into|table|references|truncate|using)\s+/gi;
const SKIPPED = /^(only|lateral|if\s+not\s+exists|if\s+exists)\s+/i;
const IDENTIFIER = /^("(?:[^"]|"")+"|[a-z_][a-z0-9_$]*)(\s*\.\s*("(?:[^"]|"")+"|[a-z_][a-z0-9_$]*))?/i;
const ALIAS = /^\s*(as\s+)?("(?:[^"]|"")+"|[a-z_][a-z0-9_$]*)?\s*,\s*/i;

const unquote = (name) =>
  name.startsWith('"') ? name.slice(1, -1).replaceAll('""', '"') : name.toLowerCase();

/** Blanks out string literals and comments, keeping every offset where it was. */
function blankLiterals(text) {
  return text.replace(/'(?:[^']|'')*'|--[^\n]*|\/\*[\s\S]*?\*\//g, (match) => match.replace(/[^\n]/g, ' '));
}

/**
 * The tables a piece of SQL text names after its keywords, with their offsets. Interpolations must
 * already be replaced by text that is not an identifier (and ends the name before them).
 */
export function tablesNamedIn(text) {
  const sql = blankLiterals(text);
  const named = [];
  for (const keyword of sql.matchAll(KEYWORD)) {
    let at = keyword.index + keyword[0].length;
    const skipped = SKIPPED.exec(sql.slice(at));
    if (skipped) at += skipped[0].length;
    const isList = /^(from|using)$/i.test(keyword[1]);
    for (;;) {
      const name = IDENTIFIER.exec(sql.slice(at));
      if (!name) break;
      const [schema, table] = name[3] ? [unquote(name[1]), unquote(name[3])] : ['public', unquote(name[1])];
      if (schema === 'public') named.push({ table, offset: at });
      at += name[0].length;
      const more = isList ? ALIAS.exec(sql.slice(at)) : null;
      if (!more) break;
      at += more[0].length;
    }
  }
  return named;
}

/** The SQL texts of a file: each with its text (interpolations as `\u0000`), where it starts and its values. */
function sqlTexts(source) {
  const texts = [];
  const add = (literal, values = []) => texts.push({ ...templateText(source, literal), values });
  walk(source, (node) => {
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === 'sql') {
      const { template } = node;
      add(
        template,
        ts.isTemplateExpression(template) ? template.templateSpans.map((span) => span.expression) : [],
      );
    }
    if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return;
    const method = node.expression.name.text;
    const [first] = node.arguments;
    if (!first) return;
    if (method === 'identifier' && node.expression.expression.getText(source) === 'sql') {
      if (ts.isStringLiteralLike(first))
        texts.push({ identifier: first.text, start: first.getStart(source) });
      return;
    }
    const isRaw = method === 'raw' && node.expression.expression.getText(source) === 'sql';
    if (!isRaw && method !== 'execute' && method !== 'query') return;
    if (ts.isStringLiteralLike(first)) add(first);
    else if (ts.isTemplateExpression(first))
      add(
        first,
        first.templateSpans.map((span) => span.expression),
      );
  });
  return texts;
}

/** A string or template's text as written, each `${…}` replaced by one `\u0000` per character. */
function templateText(source, literal) {
  const start = literal.getStart(source);
  const written = source.text.slice(start + 1, literal.end - 1);
  if (!ts.isTemplateExpression(literal)) return { text: written, start: start + 1 };
  let text = written;
  literal.templateSpans.forEach((span, at) => {
    const before = at === 0 ? literal.head : literal.templateSpans[at - 1].literal;
    const from = before.end - 2 - (start + 1);
    const to = span.literal.getStart(source) + 1 - (start + 1);
    text = text.slice(0, from) + '\u0000'.repeat(to - from) + text.slice(to);
  });
  return { text, start: start + 1 };
}

/** What each local name of a file is, when it is a schema table: imports, namespaces and alias(…)es. */
function tableBindings(file, source, tables) {
  const named = new Map();
  const namespaces = new Map();
  /** The schema file an import names (`users`, or `index` for the folder), if it is one. */
  const fromSchema = (specifier) => {
    const target = join(dirname(file), specifier).replace(/\.[jt]s$/, '');
    if (target === SCHEMA) return 'index';
    return dirname(target) === SCHEMA ? basename(target) : undefined;
  };
  const lookUp = (schemaFile, exported) => {
    if (schemaFile !== 'index') return tables.byExport.get(`${schemaFile}:${exported}`);
    return [...tables.byExport].find(([key]) => key.endsWith(`:${exported}`))?.[1];
  };
  walk(source, (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const schemaFile = node.moduleSpecifier.text.startsWith('.') && fromSchema(node.moduleSpecifier.text);
      const bindings = node.importClause?.namedBindings;
      if (!schemaFile || !bindings) return;
      if (ts.isNamespaceImport(bindings)) namespaces.set(bindings.name.text, schemaFile);
      else
        for (const element of bindings.elements) {
          const table = lookUp(schemaFile, (element.propertyName ?? element.name).text);
          if (table) named.set(element.name.text, table);
        }
    }
  });
  /** The table an expression is, or is a column of: `order`, `order.id`, `schema.order.id`. */
  const tableOf = (expression) => {
    let head = expression;
    const path = [];
    while (ts.isPropertyAccessExpression(head)) {
      path.unshift(head.name.text);
      head = head.expression;
    }
    if (!ts.isIdentifier(head)) return undefined;
    if (named.has(head.text)) return named.get(head.text);
    if (namespaces.has(head.text) && path.length > 0) return lookUp(namespaces.get(head.text), path[0]);
    return undefined;
  };
  walk(source, (node) => {
    if (!ts.isVariableDeclaration(node) || !ts.isIdentifier(node.name) || !node.initializer) return;
    const call = node.initializer;
    if (!ts.isCallExpression(call) || call.expression.getText(source) !== 'alias') return;
    const table = call.arguments[0] && tableOf(call.arguments[0]);
    if (table) named.set(node.name.text, table);
  });
  return tableOf;
}

/**
 * Every place a module's SQL names another module's table, in one file of `module` (its path from the
 * folder that holds apps/).
 * @returns {{ file: string, line: number, table: string, owner: string, how: string }[]}
 */
export function foreignTablesInFile(file, text, module, tables) {
  const source = parse(file, text);
  const tableOf = tableBindings(file, source, tables);
  const found = [];
  const report = (position, table, how) => {
    if (table.module === module) return;
    const line = source.getLineAndCharacterOfPosition(position).line + 1;
    found.push({ file, line, table: table.name, owner: table.module, how });
  };
  for (const piece of sqlTexts(source)) {
    if (piece.identifier !== undefined) {
      const table = tables.byName.get(piece.identifier);
      if (table) report(piece.start, table, 'sql.identifier');
      continue;
    }
    for (const { table: name, offset } of tablesNamedIn(piece.text)) {
      const table = tables.byName.get(name);
      if (table) report(piece.start + offset, table, 'named');
    }
    for (const value of piece.values) {
      const table = tableOf(value);
      if (table) report(value.getStart(source), table, 'interpolated');
    }
  }
  const seen = new Set();
  return found.filter((place) => {
    const key = `${place.line}:${place.table}:${place.how}`;
    return !seen.has(key) && seen.add(key);
  });
}

function* moduleFiles(dir) {
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* moduleFiles(path);
    else if (/\.tsx?$/.test(entry) && !TEST.test(entry) && !entry.endsWith('.d.ts')) yield path;
  }
}

/** Every place in the API's modules (under `root`) where SQL names another module's table. */
export function foreignTablesInSql(root = '.') {
  const tables = schemaTables(root);
  const modulesDir = join(root, MODULES);
  return readdirSync(modulesDir)
    .sort()
    .filter((module) => statSync(join(modulesDir, module)).isDirectory())
    .flatMap((module) =>
      [...moduleFiles(join(modulesDir, module))].flatMap((file) =>
        foreignTablesInFile(relative(root, file), readFileSync(file, 'utf8'), module, tables),
      ),
    );
}

/** The places as `npm run lint:boundaries` prints them. */
export function describeForeignTables(found) {
  return found.map(
    ({ file, line, table, owner, how }) =>
      `sql-foreign-table: ${file}:${line} ${how === 'named' ? 'names' : `${how}:`} ${table} (a table of ${owner})`,
  );
}
