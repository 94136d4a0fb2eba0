import { join } from 'node:path';
import { areaOf, profileLines, summariseProfile, type CpuProfile } from './cpu-profile';

const root = '/repo';

describe('areaOf', () => {
  it('names a package, a scoped package, a folder of an app, Node and V8', () => {
    expect(areaOf(join(root, 'node_modules/mysql2/lib/parsers/text_parser.js'), 'next', root)).toBe('node_modules/mysql2');
    expect(areaOf(`file://${join(root, 'node_modules/@nestjs/core/router/router-explorer.js')}`, 'x', root)).toBe('node_modules/@nestjs/core');
    // A package inside another package's node_modules is named by the innermost one.
    expect(areaOf(join(root, 'node_modules/a/node_modules/b/index.js'), 'x', root)).toBe('node_modules/b');
    expect(areaOf(join(root, 'apps/api/src/modules/vehicles/search/counts-snapshot.ts'), 'count', root)).toBe('api:modules/vehicles');
    expect(areaOf(join(root, 'apps/api/src/main.ts'), 'main', root)).toBe('api:.');
    expect(areaOf(join(root, 'libs/shared/src/search/filters.ts'), 'f', root)).toBe('shared:search');
    expect(areaOf(join(root, 'apps/api/bench/serve.ts'), 'serve', root)).toBe('apps/api/bench');
    expect(areaOf('node:internal/streams/writable', 'write', root)).toBe('node:internal');
    expect(areaOf('', '(garbage collector)', root)).toBe('(garbage collector)');
    expect(areaOf('', 'stringify', root)).toBe('(native)');
  });
});

describe('summariseProfile', () => {
  // 10 ms sampled in 10 samples: 4 idle, 3 in the app's count, 2 in mysql2, 1 in GC.
  const node = (id: number, functionName: string, url: string, lineNumber = 0) => ({ id, callFrame: { functionName, url, lineNumber } });
  const profile: CpuProfile = {
    nodes: [
      node(1, '(root)', ''),
      node(2, '(idle)', ''),
      node(3, 'count', join(root, 'apps/api/src/modules/vehicles/search/counts-snapshot.ts'), 41),
      node(4, 'next', join(root, 'node_modules/mysql2/lib/parsers/text_parser.js'), 9),
      node(5, '(garbage collector)', ''),
    ],
    startTime: 0,
    endTime: 10_000,
    samples: [2, 2, 3, 4, 3, 2, 5, 4, 3, 2],
  };

  it('adds self time by area and by function, and leaves idle time out of both', () => {
    const summary = summariseProfile(profile, root);
    expect(summary.totalMs).toBe(10);
    expect(summary.idleMs).toBeCloseTo(4);
    expect(summary.byArea).toEqual([
      { area: 'api:modules/vehicles', ms: expect.closeTo(3) },
      { area: 'node_modules/mysql2', ms: expect.closeTo(2) },
      { area: '(garbage collector)', ms: expect.closeTo(1) },
    ]);
    expect(summary.byFunction[0]).toEqual({ name: 'count counts-snapshot.ts:42', area: 'api:modules/vehicles', ms: expect.closeTo(3) });
  });

  it('reads hit counts when the profile has no samples (as --cpu-prof may write it)', () => {
    const counted: CpuProfile = { ...profile, samples: undefined, nodes: profile.nodes.map((n) => ({ ...n, hitCount: n.id === 3 ? 6 : n.id === 2 ? 4 : 0 })) };
    const summary = summariseProfile(counted, root);
    expect(summary.byArea).toEqual([{ area: 'api:modules/vehicles', ms: expect.closeTo(6) }]);
  });

  it('prints the busy time and each line per request', () => {
    const lines = profileLines(summariseProfile(profile, root), 1000, 2);
    expect(lines[0]).toBe('main thread busy 6 of 10 ms (6.0 µs/req over 1,000 requests)');
    expect(lines).toContain('     50.0 %     3.0 µs/req  api:modules/vehicles');
    expect(lines.filter((l) => l.includes('µs/req')).length).toBe(1 + 2 + 2);
  });
});
