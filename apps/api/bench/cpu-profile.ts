import { relative, sep } from 'node:path';

/** A V8 CPU profile as `Profiler.stop` returns it (node:inspector) and `--cpu-prof` writes it. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }[];
  startTime: number;
  endTime: number;
  samples?: number[];
}

export interface ProfileSummary {
  /** Sampled time in ms, and the part of it the thread was idle (waiting for I/O or a request). */
  totalMs: number;
  idleMs: number;
  /** Self time in ms by where the code lives: a package, a folder of the app, Node's own, or V8's (GC, program). */
  byArea: { area: string; ms: number }[];
  /** Self time in ms by function, the most first. */
  byFunction: { name: string; area: string; ms: number }[];
}

/**
 * Where a function's code lives, named coarsely enough to add up: `node_modules/<package>`, the app's folder two
 * levels below `src` (`api:modules/vehicles`), Node's own modules (`node:internal`), or V8's pseudo-functions
 * (`(garbage collector)`, `(program)`: native work such as parsing, compiling and JSON not attributed to a function).
 */
export function areaOf(url: string, functionName: string, root: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node:internal';
  const path = url.startsWith('file://') ? decodeURIComponent(url.slice('file://'.length)) : url;
  const inModules = path.lastIndexOf(`${sep}node_modules${sep}`);
  if (inModules >= 0) {
    const parts = path.slice(inModules + `${sep}node_modules${sep}`.length).split(sep);
    return `node_modules/${parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]}`;
  }
  const parts = relative(root, path).split(sep);
  const src = parts.indexOf('src');
  if (src < 0) return parts.slice(0, -1).join('/') || parts[0];
  const app = parts[src - 1] ?? 'app';
  return `${app}:${parts.slice(src + 1, Math.min(parts.length - 1, src + 3)).join('/') || '.'}`;
}

/**
 * Self time by area and by function. A node's self time is its share of the samples times the profile's length
 * (the sampling interval is even enough for a ranking; it is not a timing to the microsecond).
 */
export function summariseProfile(profile: CpuProfile, root: string): ProfileSummary {
  const totalMs = (profile.endTime - profile.startTime) / 1000;
  const hits = new Map<number, number>();
  if (profile.samples && profile.samples.length > 0) for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  else for (const node of profile.nodes) hits.set(node.id, node.hitCount ?? 0);
  const sampleCount = [...hits.values()].reduce((sum, n) => sum + n, 0);
  const msPerSample = sampleCount > 0 ? totalMs / sampleCount : 0;
  const areas = new Map<string, number>();
  const functions = new Map<string, { name: string; area: string; ms: number }>();
  let idleMs = 0;
  for (const node of profile.nodes) {
    const ms = (hits.get(node.id) ?? 0) * msPerSample;
    if (ms === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') {
      idleMs += ms;
      continue;
    }
    const area = areaOf(url, functionName, root);
    areas.set(area, (areas.get(area) ?? 0) + ms);
    const name = `${functionName || '(anonymous)'}${url ? ` ${url.split(sep).pop()}:${lineNumber + 1}` : ''}`;
    const key = `${name}\u0000${area}`;
    const entry = functions.get(key) ?? { name, area, ms: 0 };
    entry.ms += ms;
    functions.set(key, entry);
  }
  return {
    totalMs,
    idleMs,
    byArea: [...areas].map(([area, ms]) => ({ area, ms })).sort((a, b) => b.ms - a.ms),
    byFunction: [...functions.values()].sort((a, b) => b.ms - a.ms),
  };
}

/** The summary as lines: the busy share, then the `top` areas and functions, each with ms per request. */
export function profileLines(summary: ProfileSummary, requests: number, top = 15): string[] {
  const busy = summary.totalMs - summary.idleMs;
  const per = (ms: number) => `${((1000 * ms) / Math.max(1, requests)).toFixed(1).padStart(7)} µs/req`;
  const pct = (ms: number) => `${((100 * ms) / Math.max(1, busy)).toFixed(1).padStart(5)} %`;
  return [
    `main thread busy ${busy.toFixed(0)} of ${summary.totalMs.toFixed(0)} ms (${per(busy).trim()} over ${requests.toLocaleString('en-US')} requests)`,
    '  by area (self time):',
    ...summary.byArea.slice(0, top).map((a) => `    ${pct(a.ms)} ${per(a.ms)}  ${a.area}`),
    '  by function (self time):',
    ...summary.byFunction.slice(0, top).map((f) => `    ${pct(f.ms)} ${per(f.ms)}  ${f.name}  [${f.area}]`),
  ];
}
