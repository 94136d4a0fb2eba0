/** Tiny helpers for emitting SVG markup as strings. */
import type { Vec2 } from './math';

export const f1 = (n: number): string => (Math.round(n * 10) / 10).toString();
export const f3 = (n: number): string => (Math.round(n * 1000) / 1000).toString();

/** Closed path data for a polygon. */
export function pathD(points: readonly Vec2[], closed = true): string {
  if (points.length === 0) return '';
  let d = '';
  for (let i = 0; i < points.length; i++) {
    const p = points[i] as Vec2;
    d += `${i === 0 ? 'M' : 'L'}${f1(p.x)} ${f1(p.y)}`;
  }
  return closed ? `${d}Z` : d;
}

/** Smooth closed path through points (Catmull–Rom converted to cubic Béziers). */
export function smoothPathD(points: readonly Vec2[], closed = true, tension = 0.5): string {
  const n = points.length;
  if (n < 3) return pathD(points, closed);
  const at = (i: number): Vec2 => (closed ? (points[(i + n) % n] as Vec2) : (points[Math.max(0, Math.min(n - 1, i))] as Vec2));
  let d = `M${f1(at(0).x)} ${f1(at(0).y)}`;
  const last = closed ? n : n - 1;
  for (let i = 0; i < last; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    const k = tension / 3;
    const c1 = { x: p1.x + (p2.x - p0.x) * k, y: p1.y + (p2.y - p0.y) * k };
    const c2 = { x: p2.x - (p3.x - p1.x) * k, y: p2.y - (p3.y - p1.y) * k };
    d += `C${f1(c1.x)} ${f1(c1.y)} ${f1(c2.x)} ${f1(c2.y)} ${f1(p2.x)} ${f1(p2.y)}`;
  }
  return closed ? `${d}Z` : d;
}

export type Attrs = Record<string, string | number | undefined>;

export function attrs(a: Attrs): string {
  let s = '';
  for (const [k, v] of Object.entries(a)) {
    if (v === undefined) continue;
    s += ` ${k}="${typeof v === 'number' ? f3(v) : v}"`;
  }
  return s;
}

export function el(tag: string, a: Attrs, children?: string): string {
  return children === undefined ? `<${tag}${attrs(a)}/>` : `<${tag}${attrs(a)}>${children}</${tag}>`;
}

export interface Stop {
  offset: number;
  color: string;
  opacity?: number;
}

/** Drops stops that repeat both neighbours (keeps the SVG small; the gradient is unchanged). */
function pruneStops(stops: readonly Stop[]): Stop[] {
  return stops.filter((s, i) => {
    const a = stops[i - 1];
    const b = stops[i + 1];
    return !(a && b && a.color === s.color && b.color === s.color && a.opacity === s.opacity && b.opacity === s.opacity);
  });
}

function stopsMarkup(stops: readonly Stop[]): string {
  return pruneStops(stops)
    .map((s) => el('stop', { offset: f3(s.offset), 'stop-color': s.color, 'stop-opacity': s.opacity }))
    .join('');
}

/** Collects <defs> entries with unique ids. */
export class Defs {
  private readonly items: string[] = [];
  private counter = 0;

  constructor(private readonly prefix: string) {}

  id(kind: string): string {
    this.counter += 1;
    return `${this.prefix}${kind}${this.counter}`;
  }

  linear(from: Vec2, to: Vec2, stops: readonly Stop[]): string {
    const id = this.id('lg');
    this.items.push(
      el(
        'linearGradient',
        { id, gradientUnits: 'userSpaceOnUse', x1: f1(from.x), y1: f1(from.y), x2: f1(to.x), y2: f1(to.y) },
        stopsMarkup(stops),
      ),
    );
    return `url(#${id})`;
  }

  /** Linear gradient in object bounding box units (0..1). */
  linearBox(x1: number, y1: number, x2: number, y2: number, stops: readonly Stop[]): string {
    const id = this.id('lb');
    this.items.push(el('linearGradient', { id, x1, y1, x2, y2 }, stopsMarkup(stops)));
    return `url(#${id})`;
  }

  radial(cx: number, cy: number, r: number, stops: readonly Stop[], transform?: string): string {
    const id = this.id('rg');
    this.items.push(
      el(
        'radialGradient',
        { id, gradientUnits: 'userSpaceOnUse', cx: f1(cx), cy: f1(cy), r: f1(r), gradientTransform: transform },
        stopsMarkup(stops),
      ),
    );
    return `url(#${id})`;
  }

  blur(std: number): string {
    const id = this.id('bl');
    this.items.push(
      el(
        'filter',
        { id, x: '-50%', y: '-50%', width: '200%', height: '200%', 'color-interpolation-filters': 'sRGB' },
        el('feGaussianBlur', { stdDeviation: f1(std) }),
      ),
    );
    return `url(#${id})`;
  }

  clip(d: string): string {
    const id = this.id('cp');
    this.items.push(el('clipPath', { id }, el('path', { d })));
    return `url(#${id})`;
  }

  raw(markup: string): void {
    this.items.push(markup);
  }

  markup(): string {
    return `<defs>${this.items.join('')}</defs>`;
  }
}
