/** Vector maths, 2D outline building and small polygon operations. */

export interface Vec2 {
  x: number;
  y: number;
}

export interface Vec3 {
  x: number;
  y: number;
  z: number;
}

export const v2 = (x: number, y: number): Vec2 => ({ x, y });
export const v3 = (x: number, y: number, z: number): Vec3 => ({ x, y, z });

export const add3 = (a: Vec3, b: Vec3): Vec3 => ({ x: a.x + b.x, y: a.y + b.y, z: a.z + b.z });
export const sub3 = (a: Vec3, b: Vec3): Vec3 => ({ x: a.x - b.x, y: a.y - b.y, z: a.z - b.z });
export const scale3 = (a: Vec3, k: number): Vec3 => ({ x: a.x * k, y: a.y * k, z: a.z * k });
export const dot3 = (a: Vec3, b: Vec3): number => a.x * b.x + a.y * b.y + a.z * b.z;
export const cross3 = (a: Vec3, b: Vec3): Vec3 => ({
  x: a.y * b.z - a.z * b.y,
  y: a.z * b.x - a.x * b.z,
  z: a.x * b.y - a.y * b.x,
});
export const len3 = (a: Vec3): number => Math.sqrt(dot3(a, a));
export const norm3 = (a: Vec3): Vec3 => {
  const l = len3(a) || 1;
  return { x: a.x / l, y: a.y / l, z: a.z / l };
};
/** Reflect incident direction d about unit normal n. */
export const reflect3 = (d: Vec3, n: Vec3): Vec3 => sub3(d, scale3(n, 2 * dot3(d, n)));

export const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;
export const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));
export const smoothstep = (e0: number, e1: number, x: number): number => {
  const t = clamp((x - e0) / (e1 - e0), 0, 1);
  return t * t * (3 - 2 * t);
};
export const deg = (d: number): number => (d * Math.PI) / 180;

type Segment =
  | { kind: 'line'; to: Vec2 }
  | { kind: 'cubic'; c1: Vec2; c2: Vec2; to: Vec2 }
  | { kind: 'arc'; center: Vec2; radius: number; a0: number; a1: number };

/**
 * Builds a closed 2D outline (metres, y up) from lines, cubic Béziers and arcs,
 * then resamples it evenly by arc length.
 */
export class Outline {
  private readonly start: Vec2;
  private readonly segments: Segment[] = [];
  private cursor: Vec2;

  constructor(x: number, y: number) {
    this.start = v2(x, y);
    this.cursor = this.start;
  }

  line(x: number, y: number): this {
    this.cursor = v2(x, y);
    this.segments.push({ kind: 'line', to: this.cursor });
    return this;
  }

  cubic(c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number): this {
    this.cursor = v2(x, y);
    this.segments.push({ kind: 'cubic', c1: v2(c1x, c1y), c2: v2(c2x, c2y), to: this.cursor });
    return this;
  }

  /** Arc around (cx, cy) from angle a0 to a1 (degrees, counter-clockwise when a1 > a0). */
  arc(cx: number, cy: number, radius: number, a0: number, a1: number): this {
    const seg: Segment = { kind: 'arc', center: v2(cx, cy), radius, a0: deg(a0), a1: deg(a1) };
    this.segments.push(seg);
    this.cursor = v2(cx + radius * Math.cos(deg(a1)), cy + radius * Math.sin(deg(a1)));
    return this;
  }

  /** Dense polyline through all segments (closing back to the start). */
  private dense(): Vec2[] {
    const pts: Vec2[] = [this.start];
    let from = this.start;
    const steps = 48;
    for (const seg of this.segments) {
      for (let i = 1; i <= steps; i++) {
        const t = i / steps;
        if (seg.kind === 'line') {
          pts.push(v2(lerp(from.x, seg.to.x, t), lerp(from.y, seg.to.y, t)));
        } else if (seg.kind === 'cubic') {
          const u = 1 - t;
          const a = u * u * u;
          const b = 3 * u * u * t;
          const c = 3 * u * t * t;
          const d = t * t * t;
          pts.push(
            v2(
              a * from.x + b * seg.c1.x + c * seg.c2.x + d * seg.to.x,
              a * from.y + b * seg.c1.y + c * seg.c2.y + d * seg.to.y,
            ),
          );
        } else {
          const ang = lerp(seg.a0, seg.a1, t);
          pts.push(v2(seg.center.x + seg.radius * Math.cos(ang), seg.center.y + seg.radius * Math.sin(ang)));
        }
      }
      from = pts[pts.length - 1] as Vec2;
    }
    return pts;
  }

  /** Resample to `count` points evenly spaced by arc length (closed, no duplicate end point). */
  sample(count: number): Vec2[] {
    const dense = this.dense();
    dense.push(this.start);
    const cum: number[] = [0];
    for (let i = 1; i < dense.length; i++) {
      const a = dense[i - 1] as Vec2;
      const b = dense[i] as Vec2;
      cum.push((cum[i - 1] as number) + Math.hypot(b.x - a.x, b.y - a.y));
    }
    const total = cum[cum.length - 1] as number;
    const out: Vec2[] = [];
    let j = 1;
    for (let i = 0; i < count; i++) {
      const target = (total * i) / count;
      while (j < cum.length - 1 && (cum[j] as number) < target) j++;
      const c0 = cum[j - 1] as number;
      const c1 = cum[j] as number;
      const t = c1 > c0 ? (target - c0) / (c1 - c0) : 0;
      const a = dense[j - 1] as Vec2;
      const b = dense[j] as Vec2;
      out.push(v2(lerp(a.x, b.x, t), lerp(a.y, b.y, t)));
    }
    return out;
  }
}

export function signedArea(poly: readonly Vec2[]): number {
  let s = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i] as Vec2;
    const b = poly[(i + 1) % poly.length] as Vec2;
    s += a.x * b.y - b.x * a.y;
  }
  return s / 2;
}

/** Outward unit normals of a closed polyline (y-up coordinates), smoothed over neighbours. */
export function outwardNormals(poly: readonly Vec2[]): Vec2[] {
  const n = poly.length;
  const sign = signedArea(poly) > 0 ? 1 : -1; // CCW => outward is (ty, -tx)
  const out: Vec2[] = [];
  for (let i = 0; i < n; i++) {
    const a = poly[(i - 1 + n) % n] as Vec2;
    const b = poly[(i + 1) % n] as Vec2;
    const tx = b.x - a.x;
    const ty = b.y - a.y;
    const l = Math.hypot(tx, ty) || 1;
    out.push(v2((sign * ty) / l, (-sign * tx) / l));
  }
  return out;
}

/** Offset a closed polygon inward by `d` along its vertex normals. */
export function insetPolygon(poly: readonly Vec2[], d: number): Vec2[] {
  const normals = outwardNormals(poly);
  return poly.map((p, i) => {
    const nn = normals[i] as Vec2;
    return v2(p.x - nn.x * d, p.y - nn.y * d);
  });
}

/** Keep the part of a polygon where a*x + b*y + c >= 0 (Sutherland–Hodgman, one plane). */
export function clipHalfPlane(poly: readonly Vec2[], a: number, b: number, c: number): Vec2[] {
  const out: Vec2[] = [];
  const f = (p: Vec2): number => a * p.x + b * p.y + c;
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i] as Vec2;
    const q = poly[(i + 1) % poly.length] as Vec2;
    const fp = f(p);
    const fq = f(q);
    if (fp >= 0) out.push(p);
    if (fp >= 0 !== fq >= 0) {
      const t = fp / (fp - fq);
      out.push(v2(lerp(p.x, q.x, t), lerp(p.y, q.y, t)));
    }
  }
  return out;
}

/** Keep the part of a polygon on the side of the directed line p0->p1 given by `side` (+1 left, -1 right). */
export function clipByLine(poly: readonly Vec2[], p0: Vec2, p1: Vec2, side: 1 | -1): Vec2[] {
  const dx = p1.x - p0.x;
  const dy = p1.y - p0.y;
  // left of directed line: cross(d, p - p0) > 0
  const a = -dy * side;
  const b = dx * side;
  const c = -(a * p0.x + b * p0.y);
  return clipHalfPlane(poly, a, b, c);
}

/** Insert extra points so no edge is longer than maxLen. */
export function densify(poly: readonly Vec2[], maxLen: number, closed = true): Vec2[] {
  const out: Vec2[] = [];
  const n = poly.length;
  const last = closed ? n : n - 1;
  for (let i = 0; i < last; i++) {
    const a = poly[i] as Vec2;
    const b = poly[(i + 1) % n] as Vec2;
    const steps = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / maxLen));
    for (let s = 0; s < steps; s++) out.push(v2(lerp(a.x, b.x, s / steps), lerp(a.y, b.y, s / steps)));
  }
  if (!closed && n > 0) out.push(poly[n - 1] as Vec2);
  return out;
}

/** Points of an ellipse (closed polygon). */
export function ellipse(cx: number, cy: number, rx: number, ry: number, count = 32, rot = 0): Vec2[] {
  const pts: Vec2[] = [];
  const cr = Math.cos(rot);
  const sr = Math.sin(rot);
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2;
    const x = rx * Math.cos(a);
    const y = ry * Math.sin(a);
    pts.push(v2(cx + x * cr - y * sr, cy + x * sr + y * cr));
  }
  return pts;
}

/** Rounded rectangle polygon (axis aligned). */
export function roundedRect(x0: number, y0: number, x1: number, y1: number, r: number, perCorner = 6): Vec2[] {
  const pts: Vec2[] = [];
  const rr = Math.min(r, Math.abs(x1 - x0) / 2, Math.abs(y1 - y0) / 2);
  const corners: [number, number, number][] = [
    [x1 - rr, y1 - rr, 0],
    [x0 + rr, y1 - rr, 90],
    [x0 + rr, y0 + rr, 180],
    [x1 - rr, y0 + rr, 270],
  ];
  for (const [cx, cy, a0] of corners) {
    for (let i = 0; i <= perCorner; i++) {
      const a = deg(a0 + (90 * i) / perCorner);
      pts.push(v2(cx + rr * Math.cos(a), cy + rr * Math.sin(a)));
    }
  }
  return pts;
}

/** Convex hull (monotone chain) of 2D points. */
export function convexHull(points: readonly Vec2[]): Vec2[] {
  const pts = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (pts.length < 3) return pts;
  const cross = (o: Vec2, a: Vec2, b: Vec2): number => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const lower: Vec2[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2] as Vec2, lower[lower.length - 1] as Vec2, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Vec2[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i] as Vec2;
    while (upper.length >= 2 && cross(upper[upper.length - 2] as Vec2, upper[upper.length - 1] as Vec2, p) <= 0) upper.pop();
    upper.push(p);
  }
  upper.pop();
  lower.pop();
  return lower.concat(upper);
}
