// The loops between the API's modules, from dependency-cruiser's JSON result. Every module
// (apps/api/src/modules/<name>, its subfolders included) is one node and every other file of apps/api/src
// is a node of its own, so two modules that import each other through different files make a loop, as does
// one that comes back to itself through config.ts or a plugin. Type-only imports count; tests do not.
// (dependency-cruiser's folder rules, `scope: 'folder'` with --metrics, take every folder on its own, so
// payments/providers/stripe and payments would make a loop, and they name no import: hence this script.)
const API = 'apps/api/src/';
const MODULE = /^apps\/api\/src\/modules\/([^/]+)\//;
const TEST = /(\.test\.tsx?$|^apps\/api\/src\/test\/)/;

/** The node a file belongs to: its module's name, or its own path in apps/api/src; none outside it. */
function nodeOf(file) {
  if (!file?.startsWith(API) || TEST.test(file)) return undefined;
  const module = MODULE.exec(file);
  return module ? module[1] : file.slice(API.length);
}

const isModule = (node) => !node.includes('.');

/** Edges between nodes, each with the first of its imports (in path order): node -> node -> import. */
function edgesOf(modules) {
  const edges = new Map();
  const files = [...modules].sort((a, b) => a.source.localeCompare(b.source));
  for (const { source, dependencies } of files) {
    const from = nodeOf(source);
    if (from === undefined) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    const targets = [...dependencies].sort((a, b) => a.resolved.localeCompare(b.resolved));
    for (const dependency of targets) {
      const to = nodeOf(dependency.resolved);
      if (to === undefined || to === from || edges.get(from).has(to)) continue;
      const typeOnly = dependency.dependencyTypes.includes('type-only');
      edges.get(from).set(to, { importer: source, imported: dependency.resolved, typeOnly });
    }
  }
  return edges;
}

/** Tarjan's strongly connected components with more than one node, each sorted. */
function tangles(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const found = [];
  const visit = (node) => {
    index.set(node, index.size);
    low.set(node, index.get(node));
    stack.push(node);
    for (const next of [...(edges.get(node)?.keys() ?? [])].sort()) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = stack.splice(stack.indexOf(node));
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** The shortest path from `start` to `goal` inside `within` (breadth first, neighbours in name order). */
function shortestPath(edges, start, goal, within) {
  const cameFrom = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    if (node === goal) break;
    for (const next of [...(edges.get(node)?.keys() ?? [])].sort()) {
      if (!within.has(next) || cameFrom.has(next)) continue;
      cameFrom.set(next, node);
      queue.push(next);
    }
  }
  const path = [];
  for (let node = goal; node !== undefined; node = cameFrom.get(node)) path.unshift(node);
  return path;
}

/** A loop written from its first module in name order, so each loop is found once. */
function canonical(loop) {
  const first = loop.indexOf(loop.filter(isModule).sort()[0]);
  return [...loop.slice(first), ...loop.slice(0, first)];
}

/**
 * Every loop through a module: for each import edge inside a tangle of nodes, the shortest loop that
 * takes it, so that each edge to cut appears in at least one loop. Each loop lists its nodes (the first
 * again at the end) and one import of each of its edges.
 * @param {{ source: string, dependencies: { resolved: string, dependencyTypes: string[] }[] }[]} modules
 */
export function moduleLoops(modules) {
  const edges = edgesOf(modules);
  const loops = new Map();
  for (const tangle of tangles(edges).filter((nodes) => nodes.some(isModule))) {
    const within = new Set(tangle);
    for (const from of tangle) {
      for (const to of [...edges.get(from).keys()].filter((node) => within.has(node)).sort()) {
        const loop = canonical([from, ...shortestPath(edges, to, from, within).slice(0, -1)]);
        loops.set(loop.join(' -> '), loop);
      }
    }
  }
  return [...loops.keys()].sort().map((key) => {
    const nodes = [...loops.get(key), loops.get(key)[0]];
    const imports = nodes
      .slice(1)
      .map((to, at) => ({ from: nodes[at], to, ...edges.get(nodes[at]).get(to) }));
    return { nodes, imports };
  });
}

/** The loops as `npm run lint:boundaries` prints them. */
export function describeLoops(loops) {
  return loops.flatMap(({ nodes, imports }) => [
    `module-loop: ${nodes.join(' -> ')}`,
    ...imports.map(
      (edge) =>
        `  ${edge.from} -> ${edge.to}: ${edge.importer} -> ${edge.imported}${edge.typeOnly ? ' (type only)' : ''}`,
    ),
  ]);
}
