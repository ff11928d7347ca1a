// zod loads when Pulse first builds a schema, not at start-up. Every schema is built lazily
// (src/utils/lazySchema.ts), yet importing zod ran its module code at every start (a constructor
// and prototype for each schema type, the JSON Schema processors, the locale): ~390 KB allocated
// before print mode's first request, and its compiled code in the code cache. In the CLI bundle
// Pulse's imports of zod resolve to forwarders that require zod on first call; lazy groups get
// these forwarders too (scripts/lazyModules.mjs links zod from the CLI).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ZOD = 'zod';
const NAMESPACE = 'lazy-zod';
const REAL = 'pulse:lazy-zod-real';

/** Pulse's source files. */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * The members Pulse reads from `z` (`z.name`, and `z.name.member` for an object such as
 * z.coerce). Capitalised names are zod's classes and types: Pulse names them only in types,
 * which the build erases, and a class cannot be forwarded (instanceof would fail), so the build
 * fails if one is read as a value (esbuild warns of an import with no matching export).
 */
function membersUsed(srcDir) {
  const used = new Map();
  for (const file of sourceFiles(srcDir)) {
    for (const [, name, member] of readFileSync(file, 'utf8').matchAll(/\bz\.([a-z][\w$]*)(?:\.([a-z][\w$]*))?/g)) {
      if (!used.has(name)) used.set(name, new Set());
      if (member !== undefined) used.get(name).add(member);
    }
  }
  return used;
}

/**
 * The forwarding module: a function for each zod function Pulse calls, an object of functions
 * for each object it reads a member of, and `config`, which zod applies when it loads (no schema
 * exists before then, so none is built under other settings).
 */
async function forwarderSources(srcDir) {
  const zod = await import(ZOD);
  const lines = [
    'const configs = [];',
    'let loaded;',
    'function load() {',
    `  if (loaded === undefined) { loaded = require(${JSON.stringify(REAL)}).zod; for (const options of configs) loaded.config(options); }`,
    '  return loaded;',
    '}',
    'function config(options) { if (loaded !== undefined) return loaded.config(options); configs.push(options); return undefined; }',
    'export { config };',
  ];
  const taken = ['config'];
  for (const [name, members] of [...membersUsed(srcDir)].sort(([a], [b]) => a.localeCompare(b))) {
    const value = zod[name];
    // Types (z.infer, z.core.$ZodIssue) and config, defined above.
    if (name === 'config' || value === undefined || (typeof value === 'object' && members.size === 0)) continue;
    taken.push(name);
    const local = `forward_${name}`;
    if (typeof value === 'function') {
      lines.push(`function ${local}(...args) { return load()[${JSON.stringify(name)}](...args); }`);
    } else if (value !== null && typeof value === 'object') {
      const forwarded = [...members].sort().map((member) => {
        if (typeof value[member] !== 'function') throw new Error(`z.${name}.${member} is not a function: the lazy zod forwarders (scripts/lazyZod.mjs) cannot forward it`);
        return `${JSON.stringify(member)}: (...args) => load()[${JSON.stringify(name)}][${JSON.stringify(member)}](...args)`;
      });
      lines.push(`const ${local} = { ${forwarded.join(', ')} };`);
    } else {
      throw new Error(`z.${name} is read but cannot be forwarded (scripts/lazyZod.mjs): zod exports it as ${typeof value}`);
    }
    lines.push(`export { ${local} as ${name} };`);
  }
  // What load() requires: zod's members imported by name, so the build still drops the rest of zod.
  const imported = taken.map((name) => `${name} as real_${name}`).join(', ');
  const real = `import { ${imported} } from ${JSON.stringify(ZOD)};\nexport const zod = { ${taken.map((name) => `${JSON.stringify(name)}: real_${name}`).join(', ')} };`;
  return { forwarders: lines.join('\n'), real };
}

/** For the CLI bundle: Pulse's imports of zod (and lazy groups' links to it) get the forwarders. */
export async function lazyZod(srcDir) {
  const { forwarders, real } = await forwarderSources(srcDir);
  return {
    name: 'lazy-zod',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^zod$/ }, (args) => {
        const fromPulse = (args.namespace === 'file' && args.importer.startsWith(srcDir)) || args.namespace === 'lazy-links';
        return fromPulse && args.kind === 'import-statement' ? { path: 'zod', namespace: NAMESPACE } : undefined;
      });
      pluginBuild.onResolve({ filter: /^pulse:lazy-zod-real$/ }, () => ({ path: 'real', namespace: NAMESPACE }));
      pluginBuild.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({ contents: args.path === 'real' ? real : forwarders, loader: 'js', resolveDir: srcDir }));
      pluginBuild.onEnd((result) => {
        const missing = result.warnings.filter((warning) => warning.text.includes(`"${NAMESPACE}:zod"`) || warning.location?.file?.startsWith(`${NAMESPACE}:`));
        if (missing.length > 0) throw new Error(`lazy zod forwarders (scripts/lazyZod.mjs): ${missing.map((warning) => warning.text).join('; ')}`);
      });
    },
  };
}
