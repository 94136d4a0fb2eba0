/**
 * Turns a side-profile outline into a 3D surface: the outline is extruded across the car's width,
 * its edges are rounded into the flat body sides, and the plan view is rounded at both ends.
 *
 * A point on the extruded "strip" is addressed by (u, v): u is a fractional index along the
 * outline samples, v in [-1, 1] runs across the car (|v| > vFlat is the rounded edge).
 */
import type { BodySpec } from './bodies';
import {
  type Vec2,
  type Vec3,
  clamp,
  cross3,
  dot3,
  lerp,
  norm3,
  outwardNormals,
  smoothstep,
  sub3,
  v2,
  v3,
} from './math';

export interface StripSample {
  p: Vec2;
  n: Vec2;
  hw: number;
  rho: number;
  crown: number;
}

export interface Strip {
  samples: StripSample[];
  vFlat: number;
  /** Half width of the flat side at a point of the side face. */
  sideZ(x: number, y: number): number;
  /** Upward tilt (radians) of the body side at height y: sides are slightly convex. */
  sideTilt(y: number): number;
}

/** Side tilt of the lower body: tucked under at the sill, leaning in towards the shoulder. */
export function lowerSideTilt(spec: BodySpec, y: number): number {
  const y0 = spec.sill + spec.rounding.bottom;
  const y1 = spec.belt - spec.rounding.top * 0.5;
  const h = clamp((y - y0) / (y1 - y0), 0, 1);
  const crease = smoothstep(0.7, 0.74, h) * 7;
  return ((-22 + 44 * Math.pow(h, 1.8) + crease) * Math.PI) / 180;
}

export const V_FLAT = 0.7;

/** Plan-view width factor: the body narrows smoothly towards both bumpers. */
export function planFactor(spec: BodySpec, x: number): number {
  const { front, rear, minFactor } = spec.endRound;
  const tf = clamp((x - (spec.length - front)) / front, 0, 1);
  const tr = clamp((rear - x) / rear, 0, 1);
  const t = Math.max(tf, tr);
  return 1 - (1 - minFactor) * t * t;
}

/** Moving average over a closed list of numbers. */
function smoothClosed(values: number[], radius: number): number[] {
  const n = values.length;
  return values.map((_, i) => {
    let s = 0;
    for (let k = -radius; k <= radius; k++) s += values[(i + k + n) % n] as number;
    return s / (2 * radius + 1);
  });
}

/** Max edge radius per sample: 0.8 x local radius of curvature where the outline is convex. */
function curvatureLimits(outline: readonly Vec2[], normals: readonly Vec2[]): number[] {
  const n = outline.length;
  const w = 2;
  return outline.map((_, i) => {
    const a = outline[(i - w + n) % n] as Vec2;
    const b = outline[(i + w) % n] as Vec2;
    const na = normals[(i - w + n) % n] as Vec2;
    const nb = normals[(i + w) % n] as Vec2;
    const ds = Math.hypot(b.x - a.x, b.y - a.y);
    const turn = Math.atan2(na.x * nb.y - na.y * nb.x, na.x * nb.x + na.y * nb.y);
    // Convexity: the chord a->b runs with the normal turning towards the travel direction.
    const chord = v2(b.x - a.x, b.y - a.y);
    const dn = v2(nb.x - na.x, nb.y - na.y);
    const convex = chord.x * dn.x + chord.y * dn.y > 0;
    if (!convex || Math.abs(turn) < 1e-4) return Infinity;
    return (0.8 * ds) / Math.abs(turn);
  });
}

function isArchPoint(spec: BodySpec, p: Vec2): boolean {
  return spec.axles.some((ax) => {
    const d = Math.hypot(p.x - ax, p.y - (spec.wheelRadius + spec.archLift));
    return d < spec.archRadius + 0.02 && p.y < spec.wheelRadius + spec.archLift + spec.archRadius + 0.02;
  });
}

function buildSamples(
  outline: readonly Vec2[],
  hwAt: (p: Vec2) => number,
  rounding: BodySpec['rounding'],
  crown: BodySpec['crown'],
  isArch: (p: Vec2) => boolean,
): StripSample[] {
  const normals = outwardNormals(outline);
  const rhoRaw = outline.map((p, i) => {
    const n = normals[i] as Vec2;
    if (isArch(p)) return rounding.arch;
    const wTop = Math.max(0, n.y) ** 2;
    const wBot = Math.max(0, -n.y) ** 2;
    const wEnd = n.x * n.x;
    return rounding.top * wTop + rounding.end * wEnd + rounding.bottom * wBot;
  });
  const crownRaw = outline.map((_, i) => {
    const n = normals[i] as Vec2;
    return crown.top * Math.max(0, n.y) ** 2 + crown.end * n.x * n.x;
  });
  // The edge radius may not exceed the outline's own radius of curvature at convex corners,
  // otherwise the inset side face would fold over itself.
  const limit = curvatureLimits(outline, normals);
  let rho = smoothClosed(rhoRaw.map((r, i) => Math.min(r, limit[i] as number)), 3);
  rho = smoothClosed(rho.map((r, i) => Math.min(r, limit[i] as number)), 1);
  rho = rho.map((r, i) => Math.min(r, limit[i] as number));
  const cr = smoothClosed(crownRaw, 3);
  return outline.map((p, i) => {
    const n = normals[i] as Vec2;
    const r = Math.min(rho[i] as number, hwAt(p) * 0.45);
    // Half width is taken where the rounded edge meets the flat side, so the side face lines up exactly.
    const hw = hwAt(v2(p.x - n.x * r, p.y - n.y * r));
    return { p, n, hw, rho: r, crown: cr[i] as number };
  });
}

export function buildLowerStrip(spec: BodySpec): Strip {
  const hwAt = (p: Vec2): number => spec.halfWidth * planFactor(spec, p.x);
  const samples = buildSamples(spec.lower, hwAt, spec.rounding, spec.crown, (p) => isArchPoint(spec, p));
  return {
    samples,
    vFlat: V_FLAT,
    sideZ: (x) => spec.halfWidth * planFactor(spec, x),
    sideTilt: (y) => lowerSideTilt(spec, y),
  };
}

export function greenhouseHalfWidth(spec: BodySpec, y: number): number {
  return spec.halfWidth - spec.ledge - Math.max(0, y - spec.belt) * spec.tumble;
}

export function buildGreenhouseStrip(spec: BodySpec): Strip {
  const hwAt = (p: Vec2): number => greenhouseHalfWidth(spec, p.y);
  const rounding = { top: 0.08, end: 0.1, bottom: 0.02, arch: 0.02 };
  const crown = { top: 0.03, end: 0.06 };
  const samples = buildSamples(spec.greenhouse, hwAt, rounding, crown, () => false);
  // The glasshouse geometry already leans inwards, so no extra normal tilt is needed.
  return { samples, vFlat: V_FLAT, sideZ: (_x, y) => greenhouseHalfWidth(spec, y), sideTilt: () => 0 };
}

function sampleAt(strip: Strip, u: number): StripSample {
  const n = strip.samples.length;
  const i0 = ((Math.floor(u) % n) + n) % n;
  const i1 = (i0 + 1) % n;
  const t = u - Math.floor(u);
  const a = strip.samples[i0] as StripSample;
  const b = strip.samples[i1] as StripSample;
  const nx = lerp(a.n.x, b.n.x, t);
  const ny = lerp(a.n.y, b.n.y, t);
  const nl = Math.hypot(nx, ny) || 1;
  return {
    p: v2(lerp(a.p.x, b.p.x, t), lerp(a.p.y, b.p.y, t)),
    n: v2(nx / nl, ny / nl),
    hw: lerp(a.hw, b.hw, t),
    rho: lerp(a.rho, b.rho, t),
    crown: lerp(a.crown, b.crown, t),
  };
}

/** 3D point of the strip at (u, v). */
export function stripPoint(strip: Strip, u: number, v: number): Vec3 {
  const s = sampleAt(strip, u);
  const zFlat = s.hw - s.rho;
  const av = Math.abs(v);
  const sign = v < 0 ? -1 : 1;
  if (av <= strip.vFlat) {
    const t = v / strip.vFlat;
    const off = s.crown * (1 - t * t);
    return v3(s.p.x + s.n.x * off, s.p.y + s.n.y * off, t * zFlat);
  }
  const phi = ((av - strip.vFlat) / (1 - strip.vFlat)) * (Math.PI / 2);
  const k = s.rho * (1 - Math.cos(phi));
  return v3(s.p.x - s.n.x * k, s.p.y - s.n.y * k, sign * (zFlat + s.rho * Math.sin(phi)));
}

/** Analytic outward direction hint (ignores crown), used to orient numerical normals. */
function normalHint(strip: Strip, u: number, v: number): Vec3 {
  const s = sampleAt(strip, u);
  const av = Math.abs(v);
  const phi = av <= strip.vFlat ? 0 : ((av - strip.vFlat) / (1 - strip.vFlat)) * (Math.PI / 2);
  return v3(s.n.x * Math.cos(phi), s.n.y * Math.cos(phi), (v < 0 ? -1 : 1) * Math.sin(phi));
}

/** Outward unit normal at (u, v), by finite differences. */
export function stripNormal(strip: Strip, u: number, v: number): Vec3 {
  const du = sub3(stripPoint(strip, u + 0.5, v), stripPoint(strip, u - 0.5, v));
  const dv0 = clamp(v - 0.01, -1, 1);
  const dv1 = clamp(v + 0.01, -1, 1);
  const dv = sub3(stripPoint(strip, u, dv1), stripPoint(strip, u, dv0));
  let n = norm3(cross3(du, dv));
  const hint = normalHint(strip, u, v);
  if (dot3(n, hint) < 0) n = v3(-n.x, -n.y, -n.z);
  // Blend towards the hint when the surface is degenerate (e.g. collapsed rounding).
  const q = smoothstep(0.2, 0.6, Math.abs(dot3(n, hint)));
  const b = norm3(v3(lerp(hint.x, n.x, q), lerp(hint.y, n.y, q), lerp(hint.z, n.z, q)));
  // Near the flat side, bend the normal like the (convex) side face so shading is continuous.
  const w = b.z * b.z;
  const p = stripPoint(strip, u, v);
  const t = Math.tan(strip.sideTilt(p.y)) * w;
  return norm3(v3(b.x, b.y + t * Math.sqrt(b.x * b.x + b.z * b.z), b.z));
}

/** Outline of the flat side face (outline inset by the rounding radius), in profile coordinates. */
export function sideOutline(strip: Strip): Vec2[] {
  return strip.samples.map((s) => v2(s.p.x - s.n.x * s.rho, s.p.y - s.n.y * s.rho));
}

/** Fractional sample index on the part of the outline facing forward (dir=1) or backward (dir=-1) at height y. */
export function endU(strip: Strip, spec: BodySpec, dir: 1 | -1, y: number): number {
  const n = strip.samples.length;
  let best = -1;
  let bestErr = Infinity;
  for (let i = 0; i < n; i++) {
    const a = strip.samples[i] as StripSample;
    const b = strip.samples[(i + 1) % n] as StripSample;
    const facing = (a.n.x + b.n.x) * 0.5 * dir;
    const nearEnd = dir === 1 ? a.p.x > spec.length * 0.75 : a.p.x < spec.length * 0.25;
    if (facing < 0.15 || !nearEnd) continue;
    const lo = Math.min(a.p.y, b.p.y);
    const hi = Math.max(a.p.y, b.p.y);
    if (y >= lo && y <= hi && hi > lo) {
      return i + (y - a.p.y) / (b.p.y - a.p.y);
    }
    const err = Math.min(Math.abs(y - lo), Math.abs(y - hi));
    if (err < bestErr) {
      bestErr = err;
      best = i;
    }
  }
  return Math.max(0, best);
}

/** Height of the top edge of the lower body at x (max y of outline crossings). */
export function lowerTopY(spec: BodySpec, x: number): number {
  const pts = spec.lower;
  let top = 0;
  for (let i = 0; i < pts.length; i++) {
    const a = pts[i] as Vec2;
    const b = pts[(i + 1) % pts.length] as Vec2;
    if ((a.x - x) * (b.x - x) <= 0 && a.x !== b.x) {
      const t = (x - a.x) / (b.x - a.x);
      top = Math.max(top, lerp(a.y, b.y, t));
    }
  }
  return top;
}
