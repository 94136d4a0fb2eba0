/**
 * Renders a car exterior (side, front three-quarter, rear three-quarter) as SVG markup.
 * The body is a light-weight 3D model (see surface.ts) projected with a perspective camera,
 * flat-shaded per facet with an environment reflection, plus decals for lights, windows and trim.
 */
import type { Backdrop } from './backdrop';
import type { BodySpec } from './bodies';
import { Camera, type Projected } from './camera';
import { type Paint, type RGB, scale, toHex } from './color';
import { type CarGeometry, carGeometry, outlineTopY } from './geometry-cache';
import {
  type Vec2,
  type Vec3,
  clamp,
  clipHalfPlane,
  convexHull,
  deg,
  densify,
  ellipse,
  norm3,
  roundedRect,
  v2,
  v3,
} from './math';
import type { Rng } from './rng';
import { type Material, type ShadeContext, shade } from './shading';
import { type Defs, el, f1, pathD } from './svg';
import { type Strip, V_FLAT, endU, greenhouseHalfWidth, lowerSideTilt, planFactor, stripNormal, stripPoint } from './surface';
import { type WheelStyle, wheelFace } from './wheel';

/** Camera positions of a listing's photo shoot: the angle from the car's nose, in degrees (side = 90). */
export const EXTERIOR_AZIMUTHS = {
  front: 36,
  'front-low': 20,
  'front-wide': 58,
  side: 90,
  'rear-wide': 122,
  rear: 144,
  'rear-low': 162,
} as const;
export type ExteriorView = keyof typeof EXTERIOR_AZIMUTHS;

export interface ExteriorScene {
  geo: CarGeometry;
  paint: Paint;
  interior: RGB;
  wheel: WheelStyle;
  backdrop: Backdrop;
  defs: Defs;
  width: number;
  height: number;
}

interface DrawContext {
  scene: ExteriorScene;
  spec: BodySpec;
  cam: Camera;
  shadeCtx: ShadeContext;
  /** +1 when the camera sees the +z side of the car. */
  near: 1 | -1;
  pxPerM: number;
  defs: Defs;
}

/* ------------------------------------------------------------------ camera */

export function setupCamera(spec: BodySpec, view: ExteriorView, rng: Rng, width: number, height: number): Camera {
  const near = rng.chance(0.5) ? 1 : -1;
  let az: number;
  let dist: number;
  let camH: number;
  if (view === 'side') {
    az = deg(90 + rng.range(-3, 3));
    dist = 13;
    camH = spec.height * 0.62 + rng.range(-0.05, 0.1);
  } else {
    az = deg(EXTERIOR_AZIMUTHS[view] + rng.range(-7, 7));
    dist = 8.2 + rng.range(-0.4, 0.8);
    // The low angles are taken crouching, the others standing.
    camH = view.endsWith('-low') ? spec.height * 0.5 + rng.range(0.0, 0.1) : spec.height * 0.78 + rng.range(0.0, 0.25);
  }
  const target = v3(spec.length / 2, spec.height * 0.38, 0);
  const eye = v3(target.x + dist * Math.cos(az), camH, near * dist * Math.sin(az));
  const cam = new Camera({ eye, target });
  const hw = spec.halfWidth;
  const L = spec.length;
  const bounds: Vec3[] = [];
  for (const x of [0, L]) for (const y of [0, spec.height]) for (const z of [-hw - 0.1, hw + 0.1]) bounds.push(v3(x, y, z));
  const fill = view === 'side' ? 0.86 : 0.8;
  cam.fit(bounds, {
    cx: width * (0.5 + rng.range(-0.015, 0.015)),
    width: width * fill,
    maxHeight: height * 0.66,
    bottom: height * (view === 'side' ? 0.8 : 0.86),
  });
  return cam;
}

/* ------------------------------------------------------------------ helpers */

const toScreen = (cam: Camera, pts: readonly Vec3[]): Projected[] => pts.map((p) => cam.project(p));

function polyPath(cam: Camera, pts: readonly Vec3[]): string {
  return pathD(toScreen(cam, pts));
}

function fillFor(ctx: DrawContext, material: Material, p: Vec3, n: Vec3): string {
  return toHex(shade(material, p, n, ctx.shadeCtx));
}

interface Facet {
  d: string;
  fill: string;
  depth: number;
}

/** Merge consecutive facets with the same fill into one path element. */
function mergedPaths(facets: readonly Facet[], key: (f: Facet) => string, attrs: (fill: string) => string): string {
  let out = '';
  let i = 0;
  while (i < facets.length) {
    const f = facets[i] as Facet;
    const k = key(f);
    let d = f.d;
    let j = i + 1;
    while (j < facets.length && key(facets[j] as Facet) === k) {
      d += (facets[j] as Facet).d;
      j++;
    }
    out += `<path d="${d}" ${attrs(f.fill)}/>`;
    i = j;
  }
  return out;
}

/**
 * Painter's order, two passes: a stroked under-layer closes the anti-aliasing seams between facets,
 * the fill-only top layer keeps facet edges crisp (a single stroked pass shows a faint grid).
 */
function drawFacets(facets: Facet[]): string {
  facets.sort((a, b) => b.depth - a.depth);
  return mergedPaths(facets, (f) => f.fill, (fill) => `fill="${fill}"`);
}

/** Cross-strip parameter grid: fine on the rounded edges, coarser on the flat top. */
function vGrid(): number[] {
  const vs: number[] = [];
  const flatSteps = 6;
  const roundSteps = 5;
  for (let k = roundSteps; k > 0; k--) vs.push(-(V_FLAT + ((1 - V_FLAT) * k) / roundSteps));
  for (let k = 0; k <= flatSteps; k++) vs.push(-V_FLAT + (2 * V_FLAT * k) / flatSteps);
  for (let k = 1; k <= roundSteps; k++) vs.push(V_FLAT + ((1 - V_FLAT) * k) / roundSteps);
  return vs;
}
const V_GRID = vGrid();

interface MeshCell {
  p: Vec3;
  n: Vec3;
}

interface StripMesh {
  /** Grid points per outline sample and V_GRID value. */
  grid: Vec3[][];
  /** Cell centres and normals per outline segment and V_GRID interval. */
  cells: MeshCell[][];
}

/** Camera-independent tessellation of a strip, computed once per body type. */
const meshCache = new WeakMap<Strip, StripMesh>();

function stripMesh(strip: Strip): StripMesh {
  const hit = meshCache.get(strip);
  if (hit) return hit;
  const n = strip.samples.length;
  const grid: Vec3[][] = [];
  const cells: MeshCell[][] = [];
  for (let i = 0; i < n; i++) {
    grid.push(V_GRID.map((v) => stripPoint(strip, i, v)));
    const row: MeshCell[] = [];
    for (let j = 0; j < V_GRID.length - 1; j++) {
      const vMid = ((V_GRID[j] as number) + (V_GRID[j + 1] as number)) / 2;
      row.push({ p: stripPoint(strip, i + 0.5, vMid), n: stripNormal(strip, i + 0.5, vMid) });
    }
    cells.push(row);
  }
  const mesh = { grid, cells };
  meshCache.set(strip, mesh);
  return mesh;
}

interface Cell {
  facing: boolean;
  material: Material;
  rgb: RGB;
  depth: number;
}

function channelDiff(a: RGB, b: RGB): number {
  const ha = toHex(a);
  const hb = toHex(b);
  let m = 0;
  for (let k = 1; k < 7; k += 2) m = Math.max(m, Math.abs(parseInt(ha.slice(k, k + 2), 16) - parseInt(hb.slice(k, k + 2), 16)));
  return m;
}

/** Rows are only merged when their shading is flat enough to be a plain colour (see stripFacets). */
const MAX_ROW_MERGE = 8;

/** A run of facing cells of one material across one outline segment (a "row"). */
interface RowRun {
  i: number;
  j0: number;
  j1: number;
  material: Material;
  cells: Cell[];
  depth: number;
}

function rowRuns(cells: Cell[], i: number): RowRun[] {
  const runs: RowRun[] = [];
  let j = 0;
  while (j < cells.length) {
    const c = cells[j] as Cell;
    if (!c.facing) {
      j++;
      continue;
    }
    let k = j + 1;
    while (k < cells.length && (cells[k] as Cell).facing && (cells[k] as Cell).material === c.material) k++;
    const run = cells.slice(j, k);
    runs.push({ i, j0: j, j1: k - 1, material: c.material, cells: run, depth: run.reduce((s2, r) => s2 + r.depth, 0) / run.length });
    j = k;
  }
  return runs;
}

function isFlat(r: RowRun, tolerance: number): boolean {
  const first = r.cells[0] as Cell;
  return r.cells.every((c) => channelDiff(c.rgb, first.rgb) <= tolerance);
}

/** Two runs merge only if both are (nearly) one flat colour: merged gradients would not follow the band. */
function similarRuns(a: RowRun, b: RowRun, tolerance: number): boolean {
  if (a.j0 !== b.j0 || a.j1 !== b.j1 || a.material !== b.material) return false;
  if (!isFlat(a, tolerance) || !isFlat(b, tolerance)) return false;
  return a.cells.every((c, k) => channelDiff(c.rgb, (b.cells[k] as Cell).rgb) <= tolerance);
}

/**
 * Strip surface as "rows": for each outline segment, the visible cells across the car become one
 * polygon filled with a linear gradient through the cells' shades (smooth across rounded edges).
 * Consecutive rows with near-identical shading are merged, keeping the SVG small.
 */
/** `material` returns null for parts that are always hidden inside the body. */
function stripFacets(ctx: DrawContext, strip: Strip, material: (i: number, v: number) => Material | null, tolerance: number): Facet[] {
  const n = strip.samples.length;
  const cam = ctx.cam;
  const mesh = stripMesh(strip);
  const proj: Projected[][] = mesh.grid.map((row) => toScreen(cam, row));
  const pt = (i: number, j: number): Projected => (proj[((i % n) + n) % n] as Projected[])[j] as Projected;
  const rows: RowRun[][] = [];
  for (let i = 0; i < n; i++) {
    const cells: Cell[] = [];
    for (let j = 0; j < V_GRID.length - 1; j++) {
      const vMid = ((V_GRID[j] as number) + (V_GRID[j + 1] as number)) / 2;
      const cell = (mesh.cells[i] as MeshCell[])[j] as MeshCell;
      const c = cell.p;
      const nn = cell.n;
      const mat = material(i, vMid);
      const facing = mat !== null && cam.facing(c, nn);
      cells.push({
        facing,
        material: mat ?? 'trim',
        rgb: facing && mat ? shade(mat, c, nn, ctx.shadeCtx) : [0, 0, 0],
        depth: cam.project(c).depth,
      });
    }
    rows.push(rowRuns(cells, i));
  }
  // Start after a row without visible cells so merged groups never wrap around the outline.
  const start = Math.max(0, rows.findIndex((r) => r.length === 0));
  const facets: Facet[] = [];
  const flush = (g: { run: RowRun; len: number }): void => {
    facets.push(rowFacet(ctx, g.run, g.len, pt));
  };
  let active: { run: RowRun; len: number }[] = [];
  for (let k = 0; k < n; k++) {
    const runs = rows[(start + k) % n] as RowRun[];
    const next: { run: RowRun; len: number }[] = [];
    for (const r of runs) {
      const g = active.find((a) => a.len < MAX_ROW_MERGE && similarRuns(a.run, r, tolerance) && (a.run.i + a.len) % n === r.i);
      if (g) {
        g.len += 1;
        next.push(g);
        active = active.filter((a) => a !== g);
      } else {
        next.push({ run: r, len: 1 });
      }
    }
    active.forEach(flush);
    active = next;
  }
  active.forEach(flush);
  return facets;
}

/** Polygon + gradient fill for a run spanning `len` consecutive outline segments. */
function rowFacet(ctx: DrawContext, run: RowRun, len: number, pt: (i: number, j: number) => Projected): Facet {
  let d = '';
  const to = (p: Projected, first = false): void => {
    d += `${first ? 'M' : 'L'}${f1(p.x)} ${f1(p.y)}`;
  };
  // Rows overlap their neighbours slightly so anti-aliased seams never show the background.
  const ext = 0.22;
  const startEdge = (j: number): Projected => ({ ...lerpP(pt(run.i, j), pt(run.i - 1, j), ext), depth: 0 });
  const endEdge = (j: number): Projected => ({ ...lerpP(pt(run.i + len, j), pt(run.i + len + 1, j), ext), depth: 0 });
  for (let j = run.j0; j <= run.j1 + 1; j++) to(startEdge(j), j === run.j0);
  for (let q = 1; q < len; q++) to(pt(run.i + q, run.j1 + 1));
  for (let j = run.j1 + 1; j >= run.j0; j--) to(endEdge(j));
  for (let q = len - 1; q >= 1; q--) to(pt(run.i + q, run.j0));
  d += 'Z';
  const cells = run.cells;
  if (cells.length === 1) return { d, fill: toHex((cells[0] as Cell).rgb), depth: run.depth };
  const midI = run.i + len / 2;
  const at = (j: number): Vec2 => lerpP(pt(Math.floor(midI), j), pt(Math.ceil(midI), j), midI % 1);
  const a = at(run.j0);
  const b = at(run.j1 + 1);
  // Gradient isolines must run along the outline direction (the row's long edges), so the axis is
  // the screen normal of that direction rather than the chord a->b.
  const jm = Math.floor((run.j0 + run.j1 + 1) / 2);
  const tu = v2(pt(run.i + len, jm).x - pt(run.i, jm).x, pt(run.i + len, jm).y - pt(run.i, jm).y);
  const tl = Math.hypot(tu.x, tu.y) || 1;
  let nx = -tu.y / tl;
  let ny = tu.x / tl;
  let span = (b.x - a.x) * nx + (b.y - a.y) * ny;
  if (span < 0) {
    nx = -nx;
    ny = -ny;
    span = -span;
  }
  if (span < 1.5) {
    const avg = cells.reduce<RGB>((acc, c) => [acc[0] + c.rgb[0] / cells.length, acc[1] + c.rgb[1] / cells.length, acc[2] + c.rgb[2] / cells.length], [0, 0, 0]);
    return { d, fill: toHex(avg), depth: run.depth };
  }
  let last = 0;
  const stops = cells.map((c, k) => {
    const q = lerpP(at(run.j0 + k), at(run.j0 + k + 1), 0.5);
    const o = clamp(((q.x - a.x) * nx + (q.y - a.y) * ny) / span, last, 1);
    last = o;
    return { offset: o, color: toHex(c.rgb) };
  });
  return { d, fill: ctx.defs.linear(a, v2(a.x + nx * span, a.y + ny * span), stops), depth: run.depth };
}

function lerpP(a: Vec2, b: Vec2, t: number): Vec2 {
  return v2(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t);
}

function lowerMaterial(ctx: DrawContext, strip: Strip): (i: number, v: number) => Material {
  const spec = ctx.spec;
  return (i, v) => {
    const s = strip.samples[i % strip.samples.length];
    if (!s) return 'paint';
    const flat = Math.abs(v) < V_FLAT;
    if (flat && s.n.y < -0.5) return 'underbody';
    const open = spec.openTop;
    if (open && s.n.y > 0.7 && s.p.x > open.x0 && s.p.x < open.x1 && Math.abs(v) < V_FLAT * 0.9) {
      return open.kind === 'cabin' ? 'interior' : 'cover';
    }
    return 'paint';
  };
}

function greenhouseMaterial(ctx: DrawContext, strip: Strip): (i: number, v: number) => Material | null {
  const spec = ctx.spec;
  return (i, v) => {
    const s = strip.samples[i % strip.samples.length];
    if (!s) return 'paint';
    const av = Math.abs(v);
    if (s.n.y < -0.5) return null;
    if (spec.type === 'convertible' && s.n.x < -0.3) return 'trim';
    const fz = spec.frontGlass;
    if (s.n.x > 0.2 && s.p.y >= fz.yMin && s.p.y <= fz.yMax && av <= fz.vMax) return 'glass';
    const rz = spec.rearGlass;
    if (s.n.x < -0.2 && s.p.y >= rz.yMin && s.p.y <= rz.yMax && av <= rz.vMax) return 'glass';
    return 'paint';
  };
}

/* ------------------------------------------------------------------ side faces */

function onLowerSide(ctx: DrawContext, p: Vec2, lift = 0.003): Vec3 {
  return v3(p.x, p.y, ctx.near * (ctx.spec.halfWidth * planFactor(ctx.spec, p.x) + lift));
}

function onGreenhouseSide(ctx: DrawContext, p: Vec2, lift = 0.003): Vec3 {
  return v3(p.x, p.y, ctx.near * (greenhouseHalfWidth(ctx.spec, p.y) + lift));
}

/** Outward normal of the lower body side at (x, y): convex vertically, rounded in plan near the ends. */
function lowerSideNormal(ctx: DrawContext, x: number, y: number): Vec3 {
  const { spec, near } = ctx;
  const dx = 0.02;
  const slope = (spec.halfWidth * (planFactor(spec, x + dx) - planFactor(spec, x - dx))) / (2 * dx);
  const tilt = lowerSideTilt(spec, y);
  const horiz = Math.hypot(slope, 1);
  return norm3(v3(-slope, Math.tan(tilt) * horiz, near));
}

/**
 * The flat lower side, filled column by column: each column gets its own vertical gradient sampled
 * from the lighting, so reflections change naturally along the car's length.
 */
function lowerSideFace(ctx: DrawContext): string {
  const { spec, cam, near, defs } = ctx;
  const side = ctx.scene.geo.lowerSide;
  if (!cam.facing(v3(spec.length / 2, 0.6, near * spec.halfWidth), v3(0, 0, near))) return '';
  const xs = side.map((p) => p.x);
  const xMin = Math.min(...xs);
  const xMax = Math.max(...xs);
  const ys = side.map((p) => p.y);
  const y0 = Math.min(...ys);
  const y1 = Math.max(...ys);
  const columns = 18;
  const stopsCount = 12;
  const parts: string[] = [];
  for (let k = 0; k < columns; k++) {
    const xa = xMin + ((xMax - xMin) * k) / columns;
    const xb = xMin + ((xMax - xMin) * (k + 1)) / columns;
    const overlap = k === columns - 1 ? 0 : (xb - xa) * 0.35;
    let poly = clipHalfPlane(side, 1, 0, -xa);
    poly = clipHalfPlane(poly, -1, 0, xb + overlap);
    if (poly.length < 3) continue;
    const xc = (xa + xb) / 2;
    const z = near * ctx.spec.halfWidth * planFactor(spec, xc);
    const stops = [];
    for (let i = 0; i <= stopsCount; i++) {
      const h = i / stopsCount;
      const y = y0 + (y1 - y0) * h;
      stops.push({ offset: h, color: fillFor(ctx, 'paint', v3(xc, y, z), lowerSideNormal(ctx, xc, y)) });
    }
    const fill = defs.linear(cam.project(v3(xc, y0, z)), cam.project(v3(xc, y1, z)), stops);
    const pts = densify(poly, 0.08).map((p) => onLowerSide(ctx, p, 0));
    parts.push(el('path', { d: polyPath(cam, pts), fill }));
  }
  return parts.join('');
}

function sideDecals(ctx: DrawContext): string {
  const { spec, cam, near, pxPerM } = ctx;
  if (!cam.facing(v3(spec.length / 2, 0.6, near * spec.halfWidth), v3(0, 0, near))) return '';
  const parts: string[] = [];
  const line = (pts: Vec2[], lift = 0.004): string => pathD(toScreen(cam, densify(pts, 0.05, false).map((p) => onLowerSide(ctx, p, lift))), false);
  // Door seams: dark groove with a soft highlight next to it.
  const seams = spec.seams.map((s) => line(s)).join('');
  parts.push(el('path', { d: seams, fill: 'none', stroke: '#000', 'stroke-opacity': 0.55, 'stroke-width': f1(Math.max(1.2, pxPerM * 0.005)) }));
  const hi = spec.seams.map((s) => line(s.map((p) => v2(p.x - 0.008, p.y)))).join('');
  parts.push(el('path', { d: hi, fill: 'none', stroke: '#fff', 'stroke-opacity': 0.12, 'stroke-width': f1(Math.max(1, pxPerM * 0.003)) }));
  // Shoulder crease line.
  const [xr, xf] = spec.axles;
  const yc = spec.belt - (spec.belt - spec.sill) * 0.2;
  const crease = [v2(xr - spec.archRadius * 0.6, yc + 0.01), v2(xf + spec.archRadius * 0.9, yc - 0.015)];
  parts.push(el('path', { d: line(crease), fill: 'none', stroke: '#fff', 'stroke-opacity': 0.1, 'stroke-width': f1(pxPerM * 0.006) }));
  // Cladding around arches and along the sill.
  if (spec.cladding) parts.push(cladding(ctx));
  // Door handles.
  for (const h of spec.handles) {
    const rect = roundedRect(h.x - 0.09, h.y - 0.017, h.x + 0.09, h.y + 0.017, 0.017, 4);
    const pts = rect.map((p) => onLowerSide(ctx, p, 0.008));
    const g = ctx.defs.linearBox(0, 0, 0, 1, [
      { offset: 0, color: '#000', opacity: 0.55 },
      { offset: 0.5, color: '#000', opacity: 0.15 },
      { offset: 1, color: '#fff', opacity: 0.35 },
    ]);
    parts.push(el('path', { d: polyPath(cam, pts), fill: g }));
  }
  return parts.join('');
}

function cladding(ctx: DrawContext): string {
  const { spec, cam } = ctx;
  const polys: Vec2[][] = [];
  const cy = spec.wheelRadius + spec.archLift;
  const a = Math.asin(clamp((spec.sill - cy) / spec.archRadius, -0.9, 0.9));
  for (const ax of spec.axles) {
    const outer: Vec2[] = [];
    const inner: Vec2[] = [];
    for (let k = 0; k <= 24; k++) {
      const t = a + ((Math.PI - 2 * a) * k) / 24;
      inner.push(v2(ax + (spec.archRadius + 0.03) * Math.cos(t), cy + (spec.archRadius + 0.03) * Math.sin(t)));
      outer.push(v2(ax + (spec.archRadius + 0.1) * Math.cos(t), cy + (spec.archRadius + 0.1) * Math.sin(t)));
    }
    polys.push([...inner, ...outer.reverse()]);
  }
  const [xr, xf] = spec.axles;
  polys.push([
    v2(xr + spec.archRadius + 0.05, spec.sill + 0.08),
    v2(xf - spec.archRadius - 0.05, spec.sill + 0.08),
    v2(xf - spec.archRadius - 0.02, spec.sill + 0.2),
    v2(xr + spec.archRadius + 0.02, spec.sill + 0.2),
  ]);
  const d = polys.map((p) => polyPath(cam, p.map((q) => onLowerSide(ctx, q, 0.012)))).join('');
  return el('path', { d, fill: '#161719' }) + el('path', { d, fill: 'none', stroke: '#2c2e31', 'stroke-width': 1.2 });
}

function greenhouseSideFace(ctx: DrawContext): string {
  const { spec, cam, near, defs, pxPerM } = ctx;
  const geo = ctx.scene.geo;
  const strip = geo.greenhouse;
  const pts = geo.greenhouseSide.map((p, i) => v3(p.x, p.y, near * (strip.samples[i] as { hw: number }).hw));
  const tilt = Math.atan(spec.tumble);
  const n = v3(0, Math.sin(tilt), near * Math.cos(tilt));
  const mid = pts[Math.floor(pts.length / 2)] as Vec3;
  if (!cam.facing(mid, n)) return '';
  const parts: string[] = [el('path', { d: polyPath(cam, pts), fill: fillFor(ctx, 'paint', mid, n) })];
  if (geo.dlo.length < 3) return parts.join('');
  parts.push(el('path', { d: polyPath(cam, densify(geo.dlo, 0.05).map((p) => onGreenhouseSide(ctx, p))), fill: '#070708' }));

  const yTop = Math.max(...geo.dlo.map((p) => p.y));
  const yBot = Math.min(...geo.dlo.map((p) => p.y));
  const xm = spec.length / 2;
  const gTop = cam.project(onGreenhouseSide(ctx, v2(xm, yTop)));
  const gBot = cam.project(onGreenhouseSide(ctx, v2(xm, yBot)));
  const stops = [0, 0.35, 0.7, 1].map((h) => {
    const p = onGreenhouseSide(ctx, v2(xm, yTop - (yTop - yBot) * h));
    const nn = v3(0, Math.sin(tilt + deg(8) * (1 - h)), near * Math.cos(tilt + deg(8) * (1 - h)));
    return { offset: h, color: fillFor(ctx, 'glass', p, nn) };
  });
  const glass = defs.linear(gTop, gBot, stops);
  const inset = 0.012;
  for (const w of ctx.scene.geo.windows) {
    const win = densify(w, 0.05).map((p) => onGreenhouseSide(ctx, p, 0.004 + inset * 0));
    const d = polyPath(cam, win);
    parts.push(el('path', { d, fill: glass }));
    parts.push(glassStreaks(ctx, d, w));
  }
  parts.push(
    el('path', {
      d: polyPath(cam, densify(geo.dlo, 0.05).map((p) => onGreenhouseSide(ctx, p, 0.005))),
      fill: 'none',
      stroke: '#000',
      'stroke-opacity': 0.6,
      'stroke-width': f1(Math.max(1.5, pxPerM * 0.012)),
    }),
  );
  const paintFill = fillFor(ctx, 'paint', mid, n);
  for (const pillar of geo.paintedPillars) {
    parts.push(el('path', { d: polyPath(cam, densify(pillar, 0.05).map((p) => onGreenhouseSide(ctx, p, 0.006))), fill: paintFill }));
  }
  return parts.join('');
}

/** Soft diagonal sky reflections across a window, clipped to it. */
function glassStreaks(ctx: DrawContext, windowD: string, win: Vec2[]): string {
  const { cam, defs } = ctx;
  const xs = win.map((p) => p.x);
  const ys = win.map((p) => p.y);
  const x0 = Math.min(...xs);
  const x1 = Math.max(...xs);
  const y0 = Math.min(...ys);
  const y1 = Math.max(...ys);
  const clip = defs.clip(windowD);
  const bands: string[] = [];
  const w = x1 - x0;
  const centers = [0.3, 0.72];
  for (const c of centers) {
    const cx = x0 + w * c;
    const band = [v2(cx - 0.12, y0 - 0.05), v2(cx + 0.08, y0 - 0.05), v2(cx + 0.3, y1 + 0.05), v2(cx + 0.1, y1 + 0.05)];
    bands.push(polyPath(cam, band.map((p) => onGreenhouseSide(ctx, p, 0.006))));
  }
  return el('path', { d: bands.join(''), fill: '#ffffff', opacity: 0.07, 'clip-path': clip });
}

/* ------------------------------------------------------------------ front and rear decals */

interface EndDecal {
  /** Polygon in (y, v) strip coordinates. */
  poly: Vec2[];
  fill: string;
  stroke?: string;
  strokeWidth?: number;
  opacity?: number;
}

/** Maps a (y, v) polygon onto the front (dir=1) or rear (dir=-1) of the lower body, clipped to what faces the camera. */
function endDecalPath(ctx: DrawContext, dir: 1 | -1, poly: readonly Vec2[]): string {
  const strip = ctx.scene.geo.lower;
  const dense = densify(poly, 0.02);
  const pts: Vec3[] = [];
  const visible: boolean[] = [];
  for (const q of dense) {
    const u = endU(strip, ctx.spec, dir, q.x);
    const v = clamp(q.y, -0.995, 0.995);
    const p = stripPoint(strip, u, v);
    const n = stripNormal(strip, u, v);
    pts.push(v3(p.x + n.x * 0.004, p.y + n.y * 0.004, p.z + n.z * 0.004));
    visible.push(ctx.cam.facing(p, n));
  }
  const shown = visible.filter(Boolean).length;
  if (shown < dense.length * 0.5) return '';
  // Pull hidden points onto the nearest visible neighbour so nothing draws past the silhouette.
  const proj = toScreen(ctx.cam, pts);
  const out: Vec2[] = [];
  for (let i = 0; i < proj.length; i++) if (visible[i]) out.push(proj[i] as Projected);
  return out.length >= 3 ? pathD(out) : '';
}

function drawEndDecals(ctx: DrawContext, dir: 1 | -1, decals: readonly EndDecal[]): string {
  return decals
    .map((dc) => {
      const d = endDecalPath(ctx, dir, dc.poly);
      if (!d) return '';
      return el('path', {
        d,
        fill: dc.fill,
        stroke: dc.stroke,
        'stroke-width': dc.strokeWidth,
        opacity: dc.opacity,
        'stroke-linejoin': dc.stroke ? 'round' : undefined,
      });
    })
    .join('');
}

const yv = (y: number, v: number): Vec2 => v2(y, v);

function frontDecals(ctx: DrawContext): string {
  const { spec, defs, pxPerM } = ctx;
  const f = spec.front;
  const hwm = spec.halfWidth * 0.9;
  const decals: EndDecal[] = [];
  // Lower intake.
  decals.push({
    poly: [yv(f.intakeTop, -f.intakeHalf), yv(f.intakeTop, f.intakeHalf), yv(f.intakeBottom, f.intakeHalf * 0.9), yv(f.intakeBottom, -f.intakeHalf * 0.9)],
    fill: '#0c0d0f',
  });
  // Grille with chrome surround and bars.
  const g = f.grilleHalf;
  const grille = [yv(f.grilleTop, -g), yv(f.grilleTop, g), yv(f.grilleBottom + 0.03, g * 0.96), yv(f.grilleBottom, g * 0.85), yv(f.grilleBottom, -g * 0.85), yv(f.grilleBottom + 0.03, -g * 0.96)];
  const grilleFill = defs.linearBox(0, 0, 0, 1, [
    { offset: 0, color: '#1d1f22' },
    { offset: 1, color: '#060607' },
  ]);
  decals.push({ poly: grille, fill: grilleFill, stroke: '#b9bfc6', strokeWidth: Math.max(1.5, pxPerM * 0.01) });
  for (let k = 1; k <= f.grilleBars; k++) {
    const y = f.grilleBottom + ((f.grilleTop - f.grilleBottom) * k) / (f.grilleBars + 1);
    decals.push({ poly: [yv(y + 0.007, -g * 0.93), yv(y + 0.007, g * 0.93), yv(y - 0.007, g * 0.93), yv(y - 0.007, -g * 0.93)], fill: '#8c939b' });
  }
  const badgeY = f.grilleTop - (f.grilleTop - f.grilleBottom) * 0.45;
  const badge = ellipse(badgeY, 0, 0.035, 0.07 / hwm, 20);
  decals.push({ poly: badge, fill: defs.linearBox(0, 0, 1, 1, [{ offset: 0, color: '#f4f6f8' }, { offset: 1, color: '#7d838a' }]) });
  // Headlights.
  for (const s of [-1, 1]) {
    const vi = s * f.headInner;
    const vo = s * f.headOuter;
    const lamp = [
      yv(f.headTop, vi),
      yv(f.headTop + 0.012, s * (f.headOuter - 0.08)),
      yv(f.headTop - 0.005, vo),
      yv(f.headBottom + 0.02, vo),
      yv(f.headBottom, s * (f.headInner + 0.12)),
      yv(f.headBottom + 0.03, vi),
    ];
    const lampFill = defs.linearBox(0, 0, 0, 1, [
      { offset: 0, color: '#5c646e' },
      { offset: 0.45, color: '#1c2026' },
      { offset: 1, color: '#3a4048' },
    ]);
    decals.push({ poly: lamp, fill: lampFill, stroke: '#0b0c0d', strokeWidth: Math.max(1, pxPerM * 0.004) });
    const drl = [
      yv(f.headTop - 0.008, s * (f.headInner + 0.03)),
      yv(f.headTop + 0.004, s * (f.headOuter - 0.09)),
      yv(f.headTop - 0.012, s * (f.headOuter - 0.03)),
      yv(f.headTop - 0.024, s * (f.headOuter - 0.07)),
      yv(f.headTop - 0.02, s * (f.headInner + 0.04)),
    ];
    decals.push({ poly: drl, fill: '#f3f7ff' });
    const lensY = (f.headTop + f.headBottom) / 2 - 0.008;
    for (const t of [0.3, 0.55]) {
      const lens = ellipse(lensY, s * (f.headInner + (f.headOuter - f.headInner) * t), 0.022, 0.026 / hwm, 18);
      decals.push({
        poly: lens,
        fill: defs.linearBox(0, 0, 1, 1, [
          { offset: 0, color: '#ffffff' },
          { offset: 0.5, color: '#a9bacb' },
          { offset: 1, color: '#39424c' },
        ]),
      });
    }
  }
  return drawEndDecals(ctx, 1, decals);
}

function rearDecals(ctx: DrawContext): string {
  const { spec, defs, pxPerM } = ctx;
  const r = spec.rear;
  const hwm = spec.halfWidth * 0.9;
  const decals: EndDecal[] = [];
  const redFill = (): string =>
    defs.linearBox(0, 0, 0, 1, [
      { offset: 0, color: '#e0313a' },
      { offset: 0.5, color: '#9a0b14' },
      { offset: 1, color: '#5a050a' },
    ]);
  for (const s of [-1, 1]) {
    const lamp = r.vertical
      ? [yv(r.tailTop, s * r.tailInner), yv(r.tailTop, s * 0.995), yv(r.tailBottom, s * 0.995), yv(r.tailBottom, s * r.tailInner)]
      : [
          yv(r.tailTop, s * r.tailInner),
          yv(r.tailTop + 0.005, s * 0.99),
          yv(r.tailBottom + 0.02, s * 0.99),
          yv(r.tailBottom, s * (r.tailInner + 0.1)),
          yv(r.tailBottom + 0.02, s * r.tailInner),
        ];
    decals.push({ poly: lamp, fill: redFill(), stroke: '#2a0204', strokeWidth: Math.max(1, pxPerM * 0.004) });
    const inner = r.vertical
      ? [yv(r.tailTop - 0.03, s * (r.tailInner + 0.04)), yv(r.tailTop - 0.03, s * 0.97), yv(r.tailTop - 0.05, s * 0.97), yv(r.tailTop - 0.05, s * (r.tailInner + 0.04))]
      : [
          yv(r.tailTop - 0.018, s * (r.tailInner + 0.03)),
          yv(r.tailTop - 0.013, s * 0.96),
          yv(r.tailTop - 0.03, s * 0.96),
          yv(r.tailTop - 0.032, s * (r.tailInner + 0.04)),
        ];
    decals.push({ poly: inner, fill: '#ff6a6f', opacity: 0.9 });
    if (r.exhaust) {
      const tip = ellipse(r.plateY - 0.22, s * 0.55, 0.038, 0.06 / hwm, 18);
      decals.push({ poly: tip, fill: '#1a1b1d', stroke: '#c8ccd1', strokeWidth: Math.max(1.5, pxPerM * 0.008) });
    }
  }
  if (r.lightBar) {
    decals.push({ poly: [yv(r.tailTop - 0.016, -r.tailInner), yv(r.tailTop - 0.016, r.tailInner), yv(r.tailTop - 0.03, r.tailInner), yv(r.tailTop - 0.03, -r.tailInner)], fill: '#c8121c' });
  }
  // Licence plate (blank, with a soft suggestion of characters).
  const pw = 0.26 / hwm;
  const plate = roundedRect(r.plateY - 0.06, -pw, r.plateY + 0.06, pw, 0.01, 3);
  decals.push({ poly: roundedRect(r.plateY - 0.075, -pw * 1.12, r.plateY + 0.075, pw * 1.12, 0.02, 3), fill: '#101113' });
  decals.push({ poly: plate, fill: defs.linearBox(0, 0, 0, 1, [{ offset: 0, color: '#f4f5f6' }, { offset: 1, color: '#c9ccd0' }]) });
  for (let k = 0; k < 6; k++) {
    const v = -pw * 0.75 + (pw * 1.5 * k) / 5;
    decals.push({ poly: roundedRect(r.plateY - 0.028, v - pw * 0.09, r.plateY + 0.028, v + pw * 0.09, 0.006, 2), fill: '#3a3f48', opacity: 0.45 });
  }
  return drawEndDecals(ctx, -1, decals);
}

/* ------------------------------------------------------------------ small 3D parts */

/** Points on an ellipsoid surface (for silhouettes of small rounded parts). */
function ellipsoidPoints(c: Vec3, r: Vec3): Vec3[] {
  const pts: Vec3[] = [];
  for (let i = 0; i <= 8; i++) {
    const th = (i / 8) * Math.PI;
    for (let j = 0; j < 16; j++) {
      const ph = (j / 16) * Math.PI * 2;
      pts.push(v3(c.x + r.x * Math.sin(th) * Math.cos(ph), c.y + r.y * Math.cos(th), c.z + r.z * Math.sin(th) * Math.sin(ph)));
    }
  }
  return pts;
}

function hullPath(ctx: DrawContext, pts: readonly Vec3[]): string {
  return pathD(convexHull(toScreen(ctx.cam, pts)));
}

function mirror(ctx: DrawContext, side: 1 | -1): string {
  const { spec, cam, defs } = ctx;
  const x = spec.mirrorX;
  const y = outlineTopY(spec.lower, x) + 0.02;
  const hw = spec.halfWidth * planFactor(spec, x);
  const c = v3(x - 0.07, y + 0.1, side * (hw + 0.11));
  const r = v3(0.09, 0.062, 0.1);
  const stalk = [
    ...ellipsoidPoints(v3(x - 0.02, y + 0.03, side * (hw - 0.02)), v3(0.05, 0.025, 0.02)),
    ...ellipsoidPoints(v3(x - 0.05, y + 0.07, side * (hw + 0.08)), v3(0.04, 0.025, 0.02)),
  ];
  const top = fillFor(ctx, 'paint', v3(c.x, c.y + r.y, c.z), v3(0, 1, 0));
  const midN = norm3(v3(cam.eye.x - c.x, 0, cam.eye.z - c.z));
  const mid = fillFor(ctx, 'paint', c, norm3(v3(midN.x, 0.25, midN.z)));
  const bottom = fillFor(ctx, 'paint', v3(c.x, c.y - r.y, c.z), norm3(v3(midN.x, -0.8, midN.z)));
  const housingFill = defs.linearBox(0, 0, 0, 1, [
    { offset: 0, color: top },
    { offset: 0.45, color: mid },
    { offset: 1, color: bottom },
  ]);
  let out = el('path', { d: hullPath(ctx, stalk), fill: '#0d0d0e' });
  out += el('path', { d: hullPath(ctx, ellipsoidPoints(c, r)), fill: housingFill });
  if (cam.eye.x < c.x) {
    const glass: Vec3[] = ellipse(c.y, c.z, r.y * 0.75, r.z * 0.82, 24).map((p) => v3(c.x - r.x * 0.55, p.x, p.y));
    const gFill = defs.linearBox(0, 0, 0, 1, [
      { offset: 0, color: '#c9d3dd' },
      { offset: 1, color: '#55606b' },
    ]);
    out += el('path', { d: polyPath(cam, glass), fill: gFill });
  }
  return out;
}

function roofRails(ctx: DrawContext): string {
  const { spec, cam, pxPerM } = ctx;
  const gh = spec.greenhouse;
  const xs = gh.map((p) => p.x);
  const xr = Math.min(...xs) + 0.35;
  const xf = Math.max(...xs) - 0.75;
  const out: string[] = [];
  for (const side of [-1, 1]) {
    const pts: Vec3[] = [];
    for (let k = 0; k <= 20; k++) {
      const x = xr + ((xf - xr) * k) / 20;
      const y = outlineTopY(gh, x) + 0.045;
      pts.push(v3(x, y, side * (greenhouseHalfWidth(spec, y) - 0.14)));
    }
    const d = pathD(toScreen(cam, pts), false);
    out.push(el('path', { d, fill: 'none', stroke: '#1b1c1e', 'stroke-width': f1(pxPerM * 0.035), 'stroke-linecap': 'round' }));
    out.push(el('path', { d, fill: 'none', stroke: '#9da3aa', 'stroke-opacity': 0.5, 'stroke-width': f1(pxPerM * 0.008), transform: `translate(0 ${f1(-pxPerM * 0.01)})` }));
  }
  return out.join('');
}

function seats(ctx: DrawContext): string {
  const { spec, cam } = ctx;
  const base = spec.belt - 0.02;
  const out: string[] = [];
  const shadeFill = ctx.defs.linearBox(0, 0, 0, 1, [
    { offset: 0, color: toHex(scale(ctx.scene.interior, 2.2)) },
    { offset: 1, color: toHex(ctx.scene.interior) },
  ]);
  const order = [-1, 1].sort((a, b) => cam.project(v3(spec.seatX, base, b * 0.4)).depth - cam.project(v3(spec.seatX, base, a * 0.4)).depth);
  for (const s of order) {
    const zc = s * 0.4;
    const toWorld = (p: Vec2): Vec3 => v3(spec.seatX - (p.y - base) * 0.28, p.y, zc + p.x);
    const back = roundedRect(-0.25, base, 0.25, base + 0.28, 0.08, 5).map(toWorld);
    const head = roundedRect(-0.13, base + 0.31, 0.13, base + 0.47, 0.06, 5).map(toWorld);
    out.push(el('path', { d: polyPath(cam, back) + polyPath(cam, head), fill: shadeFill }));
  }
  return out.join('');
}

/* ------------------------------------------------------------------ wheels, shadows */

interface WheelPos {
  x: number;
  z: number;
  side: 1 | -1;
}

function wheelPositions(spec: BodySpec): WheelPos[] {
  const out: WheelPos[] = [];
  for (const x of spec.axles) {
    for (const side of [-1, 1] as const) {
      out.push({ x, side, z: side * (spec.halfWidth * planFactor(spec, x) - 0.035) });
    }
  }
  return out;
}

function tireHull(ctx: DrawContext, w: WheelPos): string {
  const { spec, cam } = ctx;
  const r = spec.wheelRadius;
  const pts: Vec2[] = [];
  for (const z of [w.z, w.z - w.side * spec.tireWidth]) {
    for (let k = 0; k < 36; k++) {
      const a = (k / 36) * Math.PI * 2;
      const rr = z === w.z ? r * 0.97 : r;
      pts.push(cam.project(v3(w.x + rr * Math.cos(a), r + rr * Math.sin(a), z)));
    }
  }
  return el('path', { d: pathD(convexHull(pts)), fill: '#0e0e0f' });
}

function wheelFaceMarkup(ctx: DrawContext, w: WheelPos): string {
  const { spec, cam } = ctx;
  const r = spec.wheelRadius;
  const c3 = v3(w.x, r, w.z);
  if (!cam.facing(c3, v3(0, 0, w.side))) return '';
  const c = cam.project(c3);
  const ex = cam.project(v3(w.x + r, r, w.z));
  const ey = cam.project(v3(w.x, r + r, w.z));
  const m = [(ex.x - c.x) / 100, (ex.y - c.y) / 100, -(ey.x - c.x) / 100, -(ey.y - c.y) / 100, c.x, c.y].map((n) => n.toFixed(4));
  return el('g', { transform: `matrix(${m.join(' ')})` }, wheelFace(ctx.defs, ctx.scene.wheel, spec.rimRatio));
}

/** Screen region through which a near wheel is visible: its arch opening plus everything below the sill. */
function archOpening(ctx: DrawContext, w: WheelPos): string {
  const { spec } = ctx;
  const cy = spec.wheelRadius + spec.archLift;
  const ra = spec.archRadius - 0.005;
  const a = Math.asin(clamp((spec.sill - cy) / ra, -0.9, 0.9));
  const pts: Vec2[] = [];
  for (let k = 0; k <= 28; k++) {
    const t = a + ((Math.PI - 2 * a) * k) / 28;
    pts.push(v2(w.x + ra * Math.cos(t), cy + ra * Math.sin(t)));
  }
  const yS = spec.sill;
  pts.push(v2(w.x - 1.2, yS), v2(w.x - 1.2, -1), v2(w.x + 1.2, -1), v2(w.x + 1.2, yS));
  return polyPath(ctx.cam, pts.map((p) => onLowerSide(ctx, p, 0)));
}

function underbody(ctx: DrawContext): string {
  const { spec, cam } = ctx;
  const [xr, xf] = spec.axles;
  const hw = spec.halfWidth - 0.12;
  const pts: Vec2[] = [];
  for (const x of [xr - spec.archRadius * 0.8, xf + spec.archRadius * 0.8]) {
    for (const y of [spec.sill * 0.6, spec.wheelRadius + spec.archRadius * 0.7]) {
      for (const z of [-hw, hw]) pts.push(cam.project(v3(x, y, z)));
    }
  }
  return el('path', { d: pathD(convexHull(pts)), fill: '#050506' });
}

/** Soft elliptical shadow on the ground: a radial gradient mapped onto the projected ellipse (no blur filter). */
function groundShadow(ctx: DrawContext, cx: number, cz: number, ax: number, az: number, opacity: number, stops: readonly number[]): string {
  const { cam, defs } = ctx;
  const c = cam.project(v3(cx, 0, cz));
  const ex = cam.project(v3(cx + ax, 0, cz));
  const ez = cam.project(v3(cx, 0, cz + az));
  const m = [ex.x - c.x, ex.y - c.y, ez.x - c.x, ez.y - c.y, c.x, c.y].map((n) => n.toFixed(3)).join(' ');
  const fill = defs.radial(
    0,
    0,
    1,
    stops.map((o, i) => ({ offset: o, color: '#000', opacity: opacity * (1 - i / (stops.length - 1)) ** 1.6 })),
  );
  return el('circle', { cx: 0, cy: 0, r: 1, fill, transform: `matrix(${m})` });
}

export function shadows(ctx: DrawContext, strength: number): string {
  const { spec } = ctx;
  const parts: string[] = [];
  const L = spec.length;
  parts.push(groundShadow(ctx, L / 2, 0, L / 2 + 0.45, spec.halfWidth + 0.45, 0.55 * strength, [0, 0.5, 0.75, 0.9, 1]));
  const wb = spec.axles[1] - spec.axles[0];
  parts.push(groundShadow(ctx, (spec.axles[0] + spec.axles[1]) / 2, 0, wb / 2 + 0.5, spec.halfWidth * 0.95, 0.6 * strength, [0, 0.6, 0.85, 1]));
  for (const w of wheelPositions(spec)) {
    const zc = w.z - (w.side * spec.tireWidth) / 2;
    parts.push(groundShadow(ctx, w.x, zc, spec.wheelRadius * 0.8, spec.tireWidth * 0.9, 0.9 * strength, [0, 0.5, 1]));
  }
  return parts.join('');
}

/* ------------------------------------------------------------------ assembly */

export function makeDrawContext(scene: ExteriorScene, cam: Camera): DrawContext {
  const spec = scene.geo.spec;
  const near: 1 | -1 = cam.eye.z >= 0 ? 1 : -1;
  const a = cam.project(v3(spec.length / 2 - 0.5, 0.5, near * spec.halfWidth));
  const b = cam.project(v3(spec.length / 2 + 0.5, 0.5, near * spec.halfWidth));
  return {
    scene,
    spec,
    cam,
    near,
    pxPerM: Math.hypot(b.x - a.x, b.y - a.y),
    defs: scene.defs,
    shadeCtx: { camera: cam, light: scene.backdrop.lighting, paint: scene.paint, interior: scene.interior },
  };
}

/** All car layers in painter's order. `reflection` renders the mirror image for glossy floors. */
export function carMarkup(ctx: DrawContext, reflection: boolean): string {
  const { spec, cam, near } = ctx;
  const geo = ctx.scene.geo;
  const wheels = wheelPositions(spec);
  const farWheels = wheels.filter((w) => w.side !== near);
  const nearWheels = wheels.filter((w) => w.side === near);
  const frontVisible = cam.eye.x > spec.length * 0.6;
  const rearVisible = cam.eye.x < spec.length * 0.4;
  const tolerance = reflection ? 8 : 2;
  const lowerFacets = drawFacets(stripFacets(ctx, geo.lower, lowerMaterial(ctx, geo.lower), tolerance));
  const ghFacets = drawFacets(stripFacets(ctx, geo.greenhouse, greenhouseMaterial(ctx, geo.greenhouse), tolerance));
  const lowerBody =
    lowerFacets +
    lowerSideFace(ctx) +
    (reflection ? '' : sideDecals(ctx)) +
    (frontVisible ? frontDecals(ctx) : '') +
    (rearVisible ? rearDecals(ctx) : '');
  const cabinFirst = spec.openTop?.kind === 'cabin' && cam.eye.x > spec.seatX;
  const seatLayer = spec.openTop?.kind === 'cabin' ? seats(ctx) : '';
  const upper =
    (cabinFirst ? seatLayer : '') +
    ghFacets +
    greenhouseSideFace(ctx) +
    (cabinFirst ? '' : seatLayer) +
    (spec.roofRails ? roofRails(ctx) : '');
  const parts: string[] = [];
  parts.push(farWheels.map((w) => tireHull(ctx, w)).join(''));
  if (reflection) {
    parts.push(upper, lowerBody);
  } else {
    parts.push(underbody(ctx), lowerBody, mirror(ctx, (-near) as 1 | -1), upper, mirror(ctx, near));
  }
  parts.push(
    nearWheels
      .map((w) => el('g', { 'clip-path': ctx.defs.clip(archOpening(ctx, w)) }, tireHull(ctx, w) + wheelFaceMarkup(ctx, w)))
      .join(''),
  );
  return parts.join('');
}

export function exteriorScene(
  bodyType: string,
  scene: Omit<ExteriorScene, 'geo'>,
): ExteriorScene {
  return { ...scene, geo: carGeometry(bodyType) };
}
