import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The part of madge's answer these checks read (madge ships no type declarations). */
interface ImportGraph {
  obj(): Record<string, string[]>;
  circular(): string[][];
}
const madge = require('madge') as (paths: string[], config: Record<string, unknown>) => Promise<ImportGraph>;

const ROOT = resolve(__dirname, '../../..');
const MIGRATIONS = 'apps/api/src/infra/database/migrations/';
const MODULES = 'apps/api/src/modules/';

/** Every import between the repository's own TypeScript files (apps and libs); run-time imports only if asked. */
function importGraph(runtimeOnly: boolean): Promise<ImportGraph> {
  return madge(['apps', 'libs'], {
    baseDir: ROOT,
    fileExtensions: ['ts', 'tsx'],
    tsConfig: resolve(ROOT, 'tsconfig.json'),
    excludeRegExp: [/node_modules/, /\/dist\//],
    detectiveOptions: { ts: { skipTypeImports: runtimeOnly }, tsx: { skipTypeImports: runtimeOnly } },
  });
}

/** Every file `from` reaches through imports, itself excluded. */
function reachable(graph: Record<string, string[]>, from: string): Set<string> {
  const seen = new Set<string>();
  const stack = [...(graph[from] ?? [])];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...(graph[file] ?? []));
  }
  return seen;
}

describe('import graph', () => {
  let all: ImportGraph;
  let runtime: Record<string, string[]>;

  beforeAll(async () => {
    [all, runtime] = await Promise.all([importGraph(false), importGraph(true).then((g) => g.obj())]);
  }, 180_000);

  it('has no import circle in apps/ or libs/ (type imports included)', () => {
    expect(Object.keys(all.obj()).length).toBeGreaterThan(100);
    expect(all.circular()).toEqual([]);
  });

  it('lets no migration reach live domain code (modules/ or libs/): a migration is frozen history', () => {
    const migrations = Object.keys(runtime).filter((f) => f.startsWith(MIGRATIONS));
    expect(migrations.length).toBeGreaterThanOrEqual(4);
    const reached = migrations.flatMap((m) => [...reachable(runtime, m)].filter((f) => f.startsWith('apps/api/src/modules/') || f.startsWith('libs/')).map((f) => `${m} -> ${f}`));
    expect(reached).toEqual([]);
  });

  it('keeps the Vehicle entity inside the vehicles module: other modules read and write listings through its services', () => {
    const importers = Object.keys(runtime)
      .filter((file) => file.startsWith('apps/api/src/') && !file.startsWith(`${MODULES}vehicles/`) && !/\.spec\.ts$/.test(file))
      // A run-time import of the entity (`import { VehicleEntity }`, not `import type` or `type VehicleEntity`).
      .filter((file) => /import\s+\{[^}]*(?<!type\s)\bVehicleEntity\b[^}]*\}\s*from '[^']*\/vehicles(\/[^']*)?'/.test(readFileSync(resolve(ROOT, file), 'utf8')));
    // Foreign keys to the listing are relations of these entities: schema, not access.
    expect(importers.sort()).toEqual(['apps/api/src/modules/contact/entities/contact-message.entity.ts', 'apps/api/src/modules/saved/entities/saved-vehicle.entity.ts']);
  });

  it('enters each API module through its front door: outside a module, only its index.ts is imported (type imports included)', () => {
    const moduleOf = (file: string) => (file.startsWith(MODULES) ? file.slice(MODULES.length).split('/')[0] : undefined);
    const files = Object.keys(all.obj()).filter((file) => file.startsWith('apps/api/src/') && !/\.spec\.ts$/.test(file));
    const modules = [...new Set(files.map(moduleOf).filter((m): m is string => m !== undefined))];
    expect(modules.length).toBeGreaterThanOrEqual(10);
    const deep = files.flatMap((file) =>
      (all.obj()[file] ?? [])
        .filter((dep) => {
          const target = moduleOf(dep);
          return target !== undefined && target !== moduleOf(file) && dep !== `${MODULES}${target}/index.ts`;
        })
        .map((dep) => `${file} -> ${dep}`),
    );
    expect(deep).toEqual([]);
  });

  it('keeps infrastructure below the modules: nothing in apps/api/src/infra imports a module', () => {
    const infra = Object.entries(all.obj()).filter(([file]) => file.startsWith('apps/api/src/infra/'));
    expect(infra.length).toBeGreaterThan(20);
    expect(infra.flatMap(([file, deps]) => deps.filter((dep) => dep.startsWith(MODULES)).map((dep) => `${file} -> ${dep}`))).toEqual([]);
  });

  it('lets each app import only itself and libs/ (never another app), and libs/ import no app', () => {
    const appOf = (file: string) => /^apps\/([^/]+)\//.exec(file)?.[1];
    const crossings = Object.entries(all.obj()).flatMap(([file, deps]) =>
      deps
        .filter((dep) => !dep.startsWith('libs/') && appOf(dep) !== undefined && appOf(dep) !== appOf(file))
        .map((dep) => `${file} -> ${dep}`),
    );
    expect(Object.keys(all.obj()).some((f) => f.startsWith('apps/storefront/')) && Object.keys(all.obj()).some((f) => f.startsWith('apps/admin/'))).toBe(true);
    expect(crossings).toEqual([]);
  });

  it("keeps server-only code out of the browsers: no storefront or admin file, nor @app/shared's index, reaches sharp, @nestjs/mapped-types, node: built-ins or @app/shared/server", () => {
    const browserFiles = Object.keys(runtime).filter((f) => /^apps\/(storefront|admin)\/src\//.test(f) && !/\.(test|spec)\.tsx?$/.test(f) && !f.endsWith('/server-render.tsx'));
    expect(browserFiles).toEqual(expect.arrayContaining(['apps/storefront/src/index.ts', 'apps/admin/src/AdminApp.tsx']));
    const reached = new Set(['libs/shared/src/index.ts', ...browserFiles.flatMap((f) => [f, ...reachable(runtime, f)])]);
    expect(reached.has('libs/shared/src/vehicles/listing-fields.ts')).toBe(true);
    const SERVER_ONLY = /^\s*import\s+(?!type\b)[^;]*?from\s+'(sharp|@nestjs\/mapped-types|node:[^']+|@app\/shared\/server)'/gm;
    const leaks = [...reached].flatMap((file) =>
      [
        ...(file.startsWith('libs/shared/src/server/') ? [`${file} (the server entry itself)`] : []),
        ...[...readFileSync(resolve(ROOT, file), 'utf8').matchAll(SERVER_ONLY)].map((m) => `${file} -> ${m[1]}`),
      ],
    );
    expect(leaks).toEqual([]);
  });

  it('keeps libs/ free of mutable module state (no top-level let or var): configuration is passed in', () => {
    const libs = Object.keys(all.obj()).filter((f) => f.startsWith('libs/') && !/\.spec\.tsx?$/.test(f));
    expect(libs.length).toBeGreaterThan(20);
    const mutable = libs.flatMap((file) =>
      readFileSync(resolve(ROOT, file), 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
        .filter(({ line }) => /^(export\s+)?(let|var)\s/.test(line))
        .map(({ at, line }) => `${at} ${line.trim()}`),
    );
    expect(mutable).toEqual([]);
  });
});
