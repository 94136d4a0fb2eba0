/** Per-body-type derived geometry (strips, window shapes), computed once and memoised. */
import { type BodySpec, bodySpec } from './bodies';
import { type Vec2, clipByLine, insetPolygon, lerp, signedArea, v2 } from './math';
import { type Strip, buildGreenhouseStrip, buildLowerStrip, lowerTopY, sideOutline } from './surface';

export interface CarGeometry {
  spec: BodySpec;
  lower: Strip;
  greenhouse: Strip;
  lowerSide: Vec2[];
  greenhouseSide: Vec2[];
  /** Daylight opening (all side glass incl. pillars), profile coordinates. */
  dlo: Vec2[];
  windows: Vec2[][];
  /** Wide (body-coloured) pillars drawn over the daylight opening, e.g. a hatchback's C-pillar. */
  paintedPillars: Vec2[][];
}

/** Height of the top of a closed outline at x. */
export function outlineTopY(outline: readonly Vec2[], x: number): number {
  let top = -Infinity;
  for (let i = 0; i < outline.length; i++) {
    const a = outline[i] as Vec2;
    const b = outline[(i + 1) % outline.length] as Vec2;
    if ((a.x - x) * (b.x - x) <= 0 && a.x !== b.x) top = Math.max(top, lerp(a.y, b.y, (x - a.x) / (b.x - a.x)));
  }
  return top;
}

function sideWindows(spec: BodySpec, ghSide: Vec2[]): { dlo: Vec2[]; windows: Vec2[][]; paintedPillars: Vec2[][] } {
  if (!spec.sideWindows) return { dlo: [], windows: [], paintedPillars: [] };
  const xs = ghSide.map((p) => p.x);
  const x0 = Math.min(...xs);
  const x1 = Math.max(...xs);
  let dlo = insetPolygon(ghSide, 0.05);
  const xa = x0 + 0.5;
  const xb = x1 - 0.5;
  const beltA = v2(xa, lowerTopY(spec, xa) + 0.045);
  const beltB = v2(xb, lowerTopY(spec, xb) + 0.045);
  // Keep what is above the belt line (left of the directed line rear->front).
  dlo = clipByLine(dlo, beltA, beltB, 1);
  const cuts = [...spec.pillars].sort((a, b) => b.x - a.x);
  const windows: Vec2[][] = [];
  const paintedPillars: Vec2[][] = [];
  const isSliver = (w: Vec2[]): boolean => w.length < 3 || Math.abs(signedArea(w)) < 0.03;
  let remaining = dlo;
  for (const cut of cuts) {
    const yb = spec.belt;
    const line = (dx: number): [Vec2, Vec2] => [v2(cut.x + dx, yb), v2(cut.x + dx + cut.slant, yb + 1)];
    const [fa, fb] = line(cut.width / 2);
    windows.push(clipByLine(remaining, fa, fb, -1));
    const [ra, rb] = line(-cut.width / 2);
    const rest = clipByLine(remaining, ra, rb, 1);
    if (cut.width >= 0.15) {
      // Body-coloured pillar; if nothing useful is left behind it, it runs to the end of the glass.
      const band = clipByLine(remaining, fa, fb, 1);
      paintedPillars.push(isSliver(rest) ? band : clipByLine(band, ra, rb, -1));
    }
    remaining = rest;
  }
  windows.push(remaining);
  return { dlo, windows: windows.filter((w) => !isSliver(w)), paintedPillars: paintedPillars.filter((p) => p.length >= 3) };
}

const cache = new Map<string, CarGeometry>();

export function carGeometry(bodyType: string): CarGeometry {
  const spec = bodySpec(bodyType);
  const hit = cache.get(spec.type);
  if (hit) return hit;
  const lower = buildLowerStrip(spec);
  const greenhouse = buildGreenhouseStrip(spec);
  const greenhouseSide = sideOutline(greenhouse);
  const { dlo, windows, paintedPillars } = sideWindows(spec, greenhouseSide);
  const geo: CarGeometry = { spec, lower, greenhouse, lowerSide: sideOutline(lower), greenhouseSide, dlo, windows, paintedPillars };
  cache.set(spec.type, geo);
  return geo;
}
