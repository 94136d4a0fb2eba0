/**
 * Wheel face drawn in a local 2D frame (tire radius = 100, y down). The exterior renderer
 * maps it onto the wheel's plane with an affine transform.
 */
import type { Rng } from './rng';
import { type Vec2, deg, v2 } from './math';
import { type Defs, el, f1, pathD } from './svg';

export type SpokeDesign = 'five' | 'twinFive' | 'six' | 'ten' | 'multi' | 'turbine';
export type RimFinish = 'silver' | 'gunmetal' | 'black' | 'machined';

export interface WheelStyle {
  design: SpokeDesign;
  finish: RimFinish;
  caliper: string;
  rotation: number;
}

export function pickWheelStyle(rng: Rng, bodyType: string): WheelStyle {
  const rugged = bodyType === 'truck' || bodyType === 'suv';
  const design = rng.pick<SpokeDesign>(rugged ? ['six', 'six', 'five', 'twinFive', 'ten'] : ['five', 'twinFive', 'ten', 'multi', 'turbine', 'six']);
  const finish = rng.pick<RimFinish>(['silver', 'silver', 'gunmetal', 'black', 'machined']);
  const caliper = rng.pick(['#3a3c40', '#3a3c40', '#5b5e63', '#b3141c', '#c9a227']);
  return { design, finish, caliper, rotation: rng.range(0, 72) };
}

const FINISH: Record<RimFinish, { light: string; mid: string; dark: string }> = {
  silver: { light: '#f1f3f5', mid: '#b9bec4', dark: '#6e737a' },
  gunmetal: { light: '#9aa0a8', mid: '#5c6169', dark: '#2c2f34' },
  black: { light: '#5a5d62', mid: '#26282b', dark: '#0f1011' },
  machined: { light: '#f4f5f6', mid: '#c4c8cd', dark: '#3a3d42' },
};

/** A tapered spoke polygon from the hub to the rim at angle a (degrees). */
function spoke(a: number, rHub: number, rRim: number, wHub: number, wRim: number, sweep = 0): Vec2[] {
  const pts: Vec2[] = [];
  const steps = 6;
  const side = (sign: number): Vec2[] => {
    const out: Vec2[] = [];
    for (let i = 0; i <= steps; i++) {
      const t = i / steps;
      const r = rHub + (rRim - rHub) * t;
      const w = wHub + (wRim - wHub) * t;
      const ang = deg(a + sweep * t) + (sign * w) / (2 * r);
      out.push(v2(r * Math.cos(ang), r * Math.sin(ang)));
    }
    return out;
  };
  pts.push(...side(-1));
  pts.push(...side(1).reverse());
  return pts;
}

function spokePolys(style: WheelStyle, rim: number): Vec2[][] {
  const hub = rim * 0.26;
  const r = rim * 0.97;
  const rot = style.rotation;
  const polys: Vec2[][] = [];
  const ring = (count: number, fn: (a: number) => Vec2[][]): void => {
    for (let i = 0; i < count; i++) polys.push(...fn(rot + (360 * i) / count));
  };
  switch (style.design) {
    case 'five':
      ring(5, (a) => [spoke(a, hub, r, rim * 0.3, rim * 0.2)]);
      break;
    case 'twinFive':
      ring(5, (a) => [spoke(a - 7, hub, r, rim * 0.14, rim * 0.1), spoke(a + 7, hub, r, rim * 0.14, rim * 0.1)]);
      break;
    case 'six':
      ring(6, (a) => [spoke(a, hub, r, rim * 0.28, rim * 0.24)]);
      break;
    case 'ten':
      ring(10, (a) => [spoke(a, hub, r, rim * 0.13, rim * 0.11)]);
      break;
    case 'multi':
      ring(15, (a) => [spoke(a, hub, r, rim * 0.08, rim * 0.06)]);
      break;
    case 'turbine':
      ring(12, (a) => [spoke(a, hub, r, rim * 0.12, rim * 0.09, 28)]);
      break;
  }
  return polys;
}

/** Markup of the full wheel face in local coordinates. `rimRatio` is rim radius / tire radius. */
export function wheelFace(defs: Defs, style: WheelStyle, rimRatio: number): string {
  const rim = 100 * rimRatio;
  const fin = FINISH[style.finish];
  const parts: string[] = [];
  const tire = defs.radial(0, 0, 100, [
    { offset: rimRatio, color: '#0c0c0d' },
    { offset: rimRatio + (1 - rimRatio) * 0.5, color: '#1d1e20' },
    { offset: 0.97, color: '#121213' },
    { offset: 1, color: '#080809' },
  ]);
  parts.push(el('circle', { cx: 0, cy: 0, r: 100, fill: tire }));
  // Sidewall sheen (light from above).
  const sheen = defs.linear(v2(0, -100), v2(0, 100), [
    { offset: 0, color: '#ffffff', opacity: 0.13 },
    { offset: 0.45, color: '#ffffff', opacity: 0 },
    { offset: 1, color: '#000000', opacity: 0.2 },
  ]);
  parts.push(el('circle', { cx: 0, cy: 0, r: 99, fill: sheen }));
  // Barrel / inside of the rim.
  const barrel = defs.radial(0, 0, rim, [
    { offset: 0, color: '#2a2c30' },
    { offset: 1, color: '#0d0e10' },
  ]);
  parts.push(el('circle', { cx: 0, cy: 0, r: rim, fill: barrel }));
  // Brake disc and caliper.
  const disc = defs.radial(0, 0, rim * 0.8, [
    { offset: 0.3, color: '#4a4c50' },
    { offset: 0.85, color: '#8a8d91' },
    { offset: 1, color: '#55575b' },
  ]);
  parts.push(el('circle', { cx: 0, cy: 0, r: rim * 0.8, fill: disc }));
  const calA = deg(-50);
  const cal: Vec2[] = [];
  for (let i = 0; i <= 10; i++) {
    const a = calA - 0.55 + (1.1 * i) / 10;
    cal.push(v2(rim * 0.84 * Math.cos(a), rim * 0.84 * Math.sin(a)));
  }
  for (let i = 10; i >= 0; i--) {
    const a = calA - 0.5 + (1.0 * i) / 10;
    cal.push(v2(rim * 0.55 * Math.cos(a), rim * 0.55 * Math.sin(a)));
  }
  parts.push(el('path', { d: pathD(cal), fill: style.caliper }));
  // Spokes.
  const spokeFill = defs.linear(v2(-rim, -rim), v2(rim, rim), [
    { offset: 0, color: fin.light },
    { offset: 0.5, color: fin.mid },
    { offset: 1, color: fin.dark },
  ]);
  const polys = spokePolys(style, rim);
  const shadowD = polys.map((p) => pathD(p.map((q) => v2(q.x + rim * 0.03, q.y + rim * 0.04)))).join('');
  parts.push(el('path', { d: shadowD, fill: '#000', opacity: 0.45 }));
  parts.push(el('path', { d: polys.map((p) => pathD(p)).join(''), fill: spokeFill }));
  if (style.finish === 'machined') {
    parts.push(el('path', { d: polys.map((p) => pathD(p)).join(''), fill: 'none', stroke: '#2b2e33', 'stroke-width': f1(rim * 0.035) }));
  }
  // Rim lip.
  const lip = defs.linear(v2(-rim, -rim), v2(rim, rim), [
    { offset: 0, color: fin.light },
    { offset: 0.6, color: fin.mid },
    { offset: 1, color: fin.dark },
  ]);
  parts.push(el('circle', { cx: 0, cy: 0, r: rim * 0.985, fill: 'none', stroke: lip, 'stroke-width': f1(rim * 0.07) }));
  // Hub and centre cap.
  parts.push(el('circle', { cx: 0, cy: 0, r: rim * 0.27, fill: spokeFill }));
  for (let i = 0; i < 5; i++) {
    const a = deg(style.rotation + 36 + i * 72);
    parts.push(el('circle', { cx: f1(rim * 0.18 * Math.cos(a)), cy: f1(rim * 0.18 * Math.sin(a)), r: f1(rim * 0.03), fill: fin.dark }));
  }
  parts.push(el('circle', { cx: 0, cy: 0, r: rim * 0.11, fill: '#1b1c1f', stroke: fin.light, 'stroke-width': f1(rim * 0.015) }));
  // Overall light falloff.
  const shadeOverlay = defs.linear(v2(0, -100), v2(0, 100), [
    { offset: 0, color: '#ffffff', opacity: 0.12 },
    { offset: 0.5, color: '#000000', opacity: 0 },
    { offset: 1, color: '#000000', opacity: 0.35 },
  ]);
  parts.push(el('circle', { cx: 0, cy: 0, r: rim, fill: shadeOverlay }));
  return parts.join('');
}
