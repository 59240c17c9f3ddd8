// Bundles the server's entry points into dist/ with esbuild.
//
// Every bare npm import stays external (resolved from node_modules at run time, so native
// modules such as better-sqlite3 and packages that load files next to themselves keep working),
// except `@antrean/shared`: it is a workspace package of TypeScript sources that Node cannot
// load, so it is bundled in.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(here, 'dist');
const BUNDLED_PACKAGES = ['@antrean/shared'];

/** @type {import('esbuild').Plugin} */
const externalizeNpmPackages = {
  name: 'externalize-npm-packages',
  setup(b) {
    // Bare specifiers: not relative, not absolute, not a `node:` builtin (esbuild keeps those external).
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return undefined;
      const bundled = BUNDLED_PACKAGES.some((name) => args.path === name || args.path.startsWith(`${name}/`));
      return bundled ? undefined : { path: args.path, external: true };
    });
  },
};

const started = Date.now();
await rm(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: here,
  // read-worker: the long-read thread (db/read-pool.ts loads it from beside main.js).
  entryPoints: { main: 'src/main.ts', cli: 'src/cli.ts', 'read-worker': 'src/db/read-worker.ts' },
  outdir,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  // Bundled CommonJS-style code (none today) would need `require`; ESM output has none by itself.
  banner: {
    js: "import { createRequire as __antreanCreateRequire } from 'node:module';\nconst require = __antreanCreateRequire(import.meta.url);",
  },
  outExtension: { '.js': '.js' },
  plugins: [externalizeNpmPackages],
  logLevel: 'warning',
  metafile: true,
});

const outputs = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .map(
    ([file, info]) => `${path.relative(here, path.resolve(here, file))} ${(info.bytes / 1024).toFixed(0)} kB`,
  );
console.log(`server built in ${Date.now() - started} ms: ${outputs.join(', ')}`);
