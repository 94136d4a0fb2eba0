/**
 * Interior / dashboard photo: a 2D illustration seen from just behind the driver's seat
 * (left-hand drive): view through the windshield, dashboard, cluster, centre screen, steering
 * wheel, console and passenger seat. Colours follow the listing's interior tone and paint.
 */
import type { Backdrop, BackdropKind } from './backdrop';
import type { BodyType } from './bodies';
import { type Paint, type RGB, mix, scale, toHex } from './color';
import { type Vec2, ellipse, v2 } from './math';
import type { Rng } from './rng';
import { type Defs, type Stop, el, f1, pathD, smoothPathD } from './svg';

export interface InteriorScene {
  defs: Defs;
  width: number;
  height: number;
  bodyType: BodyType;
  paint: Paint;
  interior: RGB;
  rng: Rng;
  backdrop: Backdrop;
}

type Trim = 'wood' | 'aluminium' | 'pianoBlack' | 'paint';

interface Palette {
  seat: RGB;
  dashTop: string;
  dashFace: string;
  trim: Trim;
  trimStops: Stop[];
  screen: 'map' | 'dark';
  ambient: string;
}

interface Ctx {
  s: InteriorScene;
  W: number;
  H: number;
  /** Scale factor relative to a 1600 px wide canvas. */
  k: number;
  pal: Palette;
}

function palette(s: InteriorScene): Palette {
  const rng = s.rng;
  const trim = rng.pick<Trim>(['wood', 'aluminium', 'pianoBlack', 'paint', 'aluminium']);
  const paintHex = toHex(s.paint.base);
  const trimStops: Record<Trim, Stop[]> = {
    wood: [
      { offset: 0, color: '#7a4b2a' },
      { offset: 0.5, color: '#a56a3c' },
      { offset: 1, color: '#4e2e18' },
    ],
    aluminium: [
      { offset: 0, color: '#e4e7ea' },
      { offset: 0.5, color: '#9aa0a7' },
      { offset: 1, color: '#5d6268' },
    ],
    pianoBlack: [
      { offset: 0, color: '#4a4d52' },
      { offset: 0.4, color: '#0d0e10' },
      { offset: 1, color: '#050506' },
    ],
    paint: [
      { offset: 0, color: toHex(scale(s.paint.base, 1.6)) },
      { offset: 0.5, color: paintHex },
      { offset: 1, color: toHex(scale(s.paint.base, 0.5)) },
    ],
  };
  const light = s.interior[0] + s.interior[1] + s.interior[2] > 0.08;
  return {
    seat: s.interior,
    dashTop: '#1c1d1f',
    dashFace: light ? toHex(scale(s.interior, 1.2)) : '#2c2d30',
    trim,
    trimStops: trimStops[trim],
    screen: rng.chance(0.65) ? 'map' : 'dark',
    ambient: rng.pick(['#5fb7ff', '#ff9f5a', '#b18cff', '#7fffd4']),
  };
}

/* ---------------------------------------------------------------- outside view */

function outside(ctx: Ctx): string {
  const { W, H, s } = ctx;
  const kind: BackdropKind = s.backdrop.kind;
  const horizon = H * (s.bodyType === 'truck' || s.bodyType === 'suv' || s.bodyType === 'van' ? 0.38 : 0.42);
  const skies: Record<BackdropKind, [string, string, string, string]> = {
    studioLight: ['#dfe2e6', '#f3f4f5', '#d9dbde', '#b9bcc0'],
    studioDark: ['#15171a', '#2b2f35', '#1d2024', '#0e0f11'],
    day: ['#5b93d1', '#dbe7f1', '#7b8a62', '#5d5f63'],
    sunset: ['#2d2b57', '#f6b26b', '#3b2c33', '#1a1518'],
    urban: ['#b8cde0', '#e6eef5', '#9a9c9f', '#6b6d70'],
    showroom: ['#d9dde2', '#f4f6f8', '#c9c6c1', '#a9a6a1'],
  };
  const [top, hz, groundFar, groundNear] = skies[kind];
  const sky = s.defs.linear(v2(0, 0), v2(0, horizon), [
    { offset: 0, color: top },
    { offset: 1, color: hz },
  ]);
  const ground = s.defs.linear(v2(0, horizon), v2(0, H * 0.6), [
    { offset: 0, color: groundFar },
    { offset: 1, color: groundNear },
  ]);
  let out = el('rect', { x: 0, y: 0, width: W, height: horizon + 1, fill: sky });
  out += el('rect', { x: 0, y: horizon, width: W, height: H - horizon, fill: ground });
  // Soft distant shapes for depth (hills or buildings), kept blurry like an out-of-focus background.
  const pts: Vec2[] = [];
  const ph = s.rng.range(0, 6);
  for (let i = 0; i <= 12; i++) {
    const x = (i / 12) * W;
    pts.push(v2(x, horizon - H * (0.03 + 0.025 * Math.sin(i * 0.9 + ph) + 0.015 * Math.sin(i * 2.3))));
  }
  const far = kind === 'studioDark' ? '#23262b' : kind === 'sunset' ? '#4a3550' : mix2(top, groundFar);
  out += el('path', { d: `${smoothPathD(pts, false)}L${W} ${horizon + 2}L0 ${horizon + 2}Z`, fill: far, opacity: 0.55 });
  if (kind !== 'studioLight' && kind !== 'studioDark' && kind !== 'showroom') out += road(ctx, horizon);
  // Windshield tint band along the top edge.
  const band = s.defs.linear(v2(0, 0), v2(0, H * 0.22), [
    { offset: 0, color: '#0b2a3a', opacity: 0.45 },
    { offset: 1, color: '#0b2a3a', opacity: 0 },
  ]);
  out += el('rect', { x: 0, y: 0, width: W, height: H * 0.22, fill: band });
  return out;
}

/** Road running to the vanishing point, with lane markings. */
function road(ctx: Ctx, horizon: number): string {
  const { W, H, s, k } = ctx;
  const vx = W * (0.5 + s.rng.range(-0.04, 0.04));
  const bottom = H * 0.62;
  const asphalt = s.defs.linear(v2(0, horizon), v2(0, bottom), [
    { offset: 0, color: '#6d6f73' },
    { offset: 1, color: '#3e4043' },
  ]);
  let out = el('path', { d: `M${f1(vx - 4 * k)} ${f1(horizon)}L${f1(vx + 4 * k)} ${f1(horizon)}L${f1(W * 1.05)} ${f1(bottom)}L${f1(-W * 0.15)} ${f1(bottom)}Z`, fill: asphalt });
  // Dashed centre line: segments shrink towards the horizon.
  let d = '';
  for (let i = 0; i < 9; i++) {
    const t0 = Math.pow(i / 9, 2.2);
    const t1 = Math.pow((i + 0.5) / 9, 2.2);
    const y0 = horizon + (bottom - horizon) * t0;
    const y1 = horizon + (bottom - horizon) * t1;
    const x0 = vx + (W * 0.42 - vx) * t0;
    const x1 = vx + (W * 0.42 - vx) * t1;
    const w0 = 1 + 8 * k * t0;
    const w1 = 1 + 8 * k * t1;
    d += `M${f1(x0 - w0)} ${f1(y0)}L${f1(x0 + w0)} ${f1(y0)}L${f1(x1 + w1)} ${f1(y1)}L${f1(x1 - w1)} ${f1(y1)}Z`;
  }
  out += el('path', { d, fill: '#e8e2c8', opacity: 0.85 });
  out += el('path', { d: `M${f1(vx + 2 * k)} ${f1(horizon)}L${f1(W * 1.02)} ${f1(bottom)}`, stroke: '#f2f2f2', 'stroke-width': 3 * k, opacity: 0.7 });
  out += el('path', { d: `M${f1(vx - 2 * k)} ${f1(horizon)}L${f1(-W * 0.1)} ${f1(bottom)}`, stroke: '#f2f2f2', 'stroke-width': 3 * k, opacity: 0.7 });
  return out;
}

function mix2(a: string, b: string): string {
  const pa = parseInt(a.slice(1), 16);
  const pb = parseInt(b.slice(1), 16);
  const ch = (sh: number): number => Math.round((((pa >> sh) & 255) + ((pb >> sh) & 255)) / 2);
  return `#${[16, 8, 0].map((sh) => ch(sh).toString(16).padStart(2, '0')).join('')}`;
}

/* ---------------------------------------------------------------- cabin frame */

function headlinerAndPillars(ctx: Ctx): string {
  const { W, H, s } = ctx;
  const open = s.bodyType === 'convertible';
  const pillar = s.defs.linear(v2(0, 0), v2(W * 0.12, H * 0.5), [
    { offset: 0, color: '#3a3b3e' },
    { offset: 1, color: '#141416' },
  ]);
  const pillarR = s.defs.linear(v2(W, 0), v2(W * 0.88, H * 0.5), [
    { offset: 0, color: '#3a3b3e' },
    { offset: 1, color: '#141416' },
  ]);
  const headerY = open ? H * 0.12 : H * 0.1;
  let out = '';
  if (!open) {
    const liner = s.defs.linear(v2(0, 0), v2(0, headerY + H * 0.04), [
      { offset: 0, color: toHex(mix(ctx.pal.seat, [0.5, 0.5, 0.5], 0.6)) },
      { offset: 1, color: toHex(mix(ctx.pal.seat, [0.2, 0.2, 0.2], 0.6)) },
    ]);
    out += el('path', { d: `M0 0H${W}V${f1(headerY + H * 0.015)}Q${W / 2} ${f1(headerY - H * 0.03)} 0 ${f1(headerY + H * 0.015)}Z`, fill: liner });
  }
  out += el('path', { d: `M0 ${f1(headerY * 0.6)}L${f1(W * 0.1)} ${f1(headerY)}L${f1(W * 0.03)} ${f1(H * 0.56)}L0 ${f1(H * 0.6)}Z`, fill: pillar });
  out += el('path', { d: `M${W} ${f1(headerY * 0.6)}L${f1(W * 0.9)} ${f1(headerY)}L${f1(W * 0.97)} ${f1(H * 0.56)}L${W} ${f1(H * 0.6)}Z`, fill: pillarR });
  if (!open) {
    // Rear-view mirror.
    const mx = W * 0.56;
    const my = headerY + H * 0.035;
    out += el('rect', { x: mx - 6 * ctx.k, y: headerY - 4, width: 12 * ctx.k, height: my - headerY + 10, fill: '#1a1a1c' });
    const mirrorFill = s.defs.linear(v2(0, my), v2(0, my + H * 0.07), [
      { offset: 0, color: '#8c96a1' },
      { offset: 0.5, color: '#3d434a' },
      { offset: 1, color: '#1c1f23' },
    ]);
    out += el('rect', { x: mx - W * 0.085, y: my, width: W * 0.17, height: H * 0.07, rx: 22 * ctx.k, fill: '#101113' });
    out += el('rect', { x: mx - W * 0.08, y: my + 5 * ctx.k, width: W * 0.16, height: H * 0.07 - 10 * ctx.k, rx: 18 * ctx.k, fill: mirrorFill });
  }
  return out;
}

/* ---------------------------------------------------------------- dashboard */

function dashboard(ctx: Ctx): string {
  const { W, H, s, pal, k } = ctx;
  const top = H * 0.52;
  const topFill = s.defs.linear(v2(0, top - H * 0.05), v2(0, top + H * 0.12), [
    { offset: 0, color: '#3b3d41' },
    { offset: 0.25, color: pal.dashTop },
    { offset: 1, color: '#0e0f10' },
  ]);
  const dashTop = `M0 ${f1(H * 0.6)}C${f1(W * 0.2)} ${f1(top - H * 0.02)} ${f1(W * 0.8)} ${f1(top - H * 0.02)} ${W} ${f1(H * 0.6)}V${f1(H * 0.72)}H0Z`;
  let out = el('path', { d: dashTop, fill: topFill });
  const faceFill = s.defs.linear(v2(0, H * 0.64), v2(0, H), [
    { offset: 0, color: pal.dashFace },
    { offset: 1, color: '#0b0b0c' },
  ]);
  out += el('path', { d: `M0 ${f1(H * 0.66)}C${f1(W * 0.3)} ${f1(H * 0.62)} ${f1(W * 0.7)} ${f1(H * 0.62)} ${W} ${f1(H * 0.66)}V${H}H0Z`, fill: faceFill });
  // Accent trim strip across the dash.
  const trimFill = s.defs.linear(v2(0, H * 0.655), v2(0, H * 0.69), pal.trimStops);
  out += el('path', {
    d: `M0 ${f1(H * 0.665)}C${f1(W * 0.3)} ${f1(H * 0.625)} ${f1(W * 0.7)} ${f1(H * 0.625)} ${W} ${f1(H * 0.665)}V${f1(H * 0.695)}C${f1(W * 0.7)} ${f1(H * 0.655)} ${f1(W * 0.3)} ${f1(H * 0.655)} 0 ${f1(H * 0.695)}Z`,
    fill: trimFill,
  });
  // Ambient light line under the trim.
  out += el('path', {
    d: `M${f1(W * 0.05)} ${f1(H * 0.7)}C${f1(W * 0.3)} ${f1(H * 0.662)} ${f1(W * 0.7)} ${f1(H * 0.662)} ${f1(W * 0.95)} ${f1(H * 0.7)}`,
    fill: 'none',
    stroke: pal.ambient,
    'stroke-opacity': 0.55,
    'stroke-width': 3 * k,
  });
  out += vents(ctx);
  // Glovebox seam.
  out += el('path', {
    d: `M${f1(W * 0.68)} ${f1(H * 0.74)}C${f1(W * 0.8)} ${f1(H * 0.73)} ${f1(W * 0.9)} ${f1(H * 0.74)} ${f1(W * 0.98)} ${f1(H * 0.76)}`,
    fill: 'none',
    stroke: '#000',
    'stroke-opacity': 0.5,
    'stroke-width': 3 * k,
  });
  return out;
}

function vent(ctx: Ctx, x: number, y: number, w: number, h: number): string {
  const { k } = ctx;
  let out = el('rect', { x, y, width: w, height: h, rx: h * 0.35, fill: '#0a0a0b', stroke: '#5b5f66', 'stroke-width': 2 * k });
  const slats = 4;
  let d = '';
  for (let i = 1; i <= slats; i++) {
    const yy = y + (h * i) / (slats + 1);
    d += `M${f1(x + h * 0.3)} ${f1(yy)}H${f1(x + w - h * 0.3)}`;
  }
  out += el('path', { d, stroke: '#34373c', 'stroke-width': 3 * k, fill: 'none' });
  return out;
}

function vents(ctx: Ctx): string {
  const { W, H } = ctx;
  return (
    vent(ctx, W * 0.545, H * 0.705, W * 0.09, H * 0.045) +
    vent(ctx, W * 0.655, H * 0.705, W * 0.09, H * 0.045) +
    vent(ctx, W * 0.015, H * 0.7, W * 0.07, H * 0.05) +
    vent(ctx, W * 0.915, H * 0.705, W * 0.07, H * 0.05)
  );
}

/* ---------------------------------------------------------------- screens */

function cluster(ctx: Ctx): string {
  const { W, H, s, k, pal } = ctx;
  const x = W * 0.16;
  const y = H * 0.555;
  const w = W * 0.3;
  const h = H * 0.11;
  let out = el('rect', { x: x - 8 * k, y: y - 10 * k, width: w + 16 * k, height: h + 20 * k, rx: 22 * k, fill: '#0c0c0d' });
  const bg = s.defs.linear(v2(0, y), v2(0, y + h), [
    { offset: 0, color: '#0d1620' },
    { offset: 1, color: '#05080b' },
  ]);
  out += el('rect', { x, y, width: w, height: h, rx: 14 * k, fill: bg });
  for (const cx of [x + w * 0.2, x + w * 0.8]) {
    const cy = y + h * 0.55;
    const r = h * 0.38;
    const arc = (from: number, to: number): string => {
      const a0 = (from * Math.PI) / 180;
      const a1 = (to * Math.PI) / 180;
      return `M${f1(cx + r * Math.cos(a0))} ${f1(cy + r * Math.sin(a0))}A${f1(r)} ${f1(r)} 0 ${to - from > 180 ? 1 : 0} 1 ${f1(cx + r * Math.cos(a1))} ${f1(cy + r * Math.sin(a1))}`;
    };
    out += el('path', { d: arc(135, 405), fill: 'none', stroke: '#1f3346', 'stroke-width': 7 * k, 'stroke-linecap': 'round' });
    out += el('path', { d: arc(135, 135 + s.rng.range(60, 200)), fill: 'none', stroke: pal.ambient, 'stroke-width': 7 * k, 'stroke-linecap': 'round' });
    out += el('circle', { cx, cy, r: r * 0.35, fill: '#0f1c28' });
  }
  // Centre strip: a few bars instead of text.
  let d = '';
  for (let i = 0; i < 4; i++) d += `M${f1(x + w * 0.4)} ${f1(y + h * (0.28 + i * 0.16))}h${f1(w * (0.12 + 0.08 * ((i * 7) % 3)))}`;
  out += el('path', { d, stroke: '#9fb4c8', 'stroke-opacity': 0.6, 'stroke-width': 4 * k, 'stroke-linecap': 'round' });
  return out;
}

function centreScreen(ctx: Ctx): string {
  const { W, H, s, k, pal } = ctx;
  const x = W * 0.52;
  const y = H * 0.45;
  const w = W * 0.25;
  const h = H * 0.21;
  let out = el('rect', { x: x - 10 * k, y: y - 10 * k, width: w + 20 * k, height: h + 20 * k, rx: 18 * k, fill: '#08080a' });
  const clip = s.defs.clip(`M${x} ${y}h${w}v${h}h${-w}Z`);
  let content = '';
  if (pal.screen === 'map') {
    content += el('rect', { x, y, width: w, height: h, fill: '#e9e5dc' });
    content += el('path', { d: `M${x} ${f1(y + h * 0.7)}C${f1(x + w * 0.3)} ${f1(y + h * 0.6)} ${f1(x + w * 0.4)} ${f1(y + h)} ${f1(x + w * 0.2)} ${f1(y + h)}L${x} ${f1(y + h)}Z`, fill: '#a9cbe6' });
    content += el('path', { d: `M${f1(x + w * 0.6)} ${y}h${f1(w * 0.25)}v${f1(h * 0.3)}h${f1(-w * 0.25)}Z`, fill: '#c8dfb8' });
    let roads = '';
    for (let i = 0; i < 5; i++) {
      const yy = y + h * (0.12 + i * 0.2);
      roads += `M${x} ${f1(yy)}L${f1(x + w)} ${f1(yy + h * s.rng.range(-0.1, 0.1))}`;
      const xx = x + w * (0.1 + i * 0.2);
      roads += `M${f1(xx)} ${y}L${f1(xx + w * s.rng.range(-0.08, 0.08))} ${f1(y + h)}`;
    }
    content += el('path', { d: roads, stroke: '#ffffff', 'stroke-width': 6 * k, fill: 'none' });
    content += el('path', {
      d: `M${f1(x + w * 0.15)} ${f1(y + h * 0.9)}L${f1(x + w * 0.3)} ${f1(y + h * 0.52)}L${f1(x + w * 0.7)} ${f1(y + h * 0.5)}L${f1(x + w * 0.78)} ${f1(y + h * 0.15)}`,
      stroke: '#2f7de1',
      'stroke-width': 8 * k,
      fill: 'none',
      'stroke-linejoin': 'round',
    });
    content += el('circle', { cx: x + w * 0.3, cy: y + h * 0.52, r: 10 * k, fill: '#2f7de1', stroke: '#fff', 'stroke-width': 3 * k });
    content += el('rect', { x, y, width: w * 0.18, height: h, fill: '#f7f7f7', opacity: 0.92 });
    let icons = '';
    for (let i = 0; i < 5; i++) icons += `M${f1(x + w * 0.05)} ${f1(y + h * (0.1 + i * 0.18))}h${f1(w * 0.08)}v${f1(h * 0.08)}h${f1(-w * 0.08)}Z`;
    content += el('path', { d: icons, fill: '#b6bcc4' });
  } else {
    const bg = s.defs.linear(v2(x, y), v2(x + w, y + h), [
      { offset: 0, color: '#1a2230' },
      { offset: 1, color: '#0a0d12' },
    ]);
    content += el('rect', { x, y, width: w, height: h, fill: bg });
    const art = s.defs.linear(v2(x, y), v2(x + w * 0.4, y + h), [
      { offset: 0, color: pal.ambient },
      { offset: 1, color: '#29104a' },
    ]);
    content += el('rect', { x: x + w * 0.08, y: y + h * 0.15, width: h * 0.55, height: h * 0.55, rx: 8 * k, fill: art });
    let bars = '';
    for (let i = 0; i < 3; i++) bars += `M${f1(x + w * 0.42)} ${f1(y + h * (0.25 + i * 0.14))}h${f1(w * (0.4 - i * 0.1))}`;
    bars += `M${f1(x + w * 0.08)} ${f1(y + h * 0.85)}h${f1(w * 0.84)}`;
    content += el('path', { d: bars, stroke: '#c8d3e0', 'stroke-opacity': 0.7, 'stroke-width': 6 * k, 'stroke-linecap': 'round' });
    content += el('path', { d: `M${f1(x + w * 0.08)} ${f1(y + h * 0.85)}h${f1(w * 0.35)}`, stroke: pal.ambient, 'stroke-width': 6 * k, 'stroke-linecap': 'round' });
  }
  // Glass sheen.
  const sheen = s.defs.linear(v2(x, y), v2(x + w, y + h), [
    { offset: 0, color: '#ffffff', opacity: 0.14 },
    { offset: 0.5, color: '#ffffff', opacity: 0 },
  ]);
  content += el('rect', { x, y, width: w, height: h, fill: sheen });
  out += el('g', { 'clip-path': clip }, content);
  return out;
}

/* ---------------------------------------------------------------- console, seat, wheel */

function centreConsole(ctx: Ctx): string {
  const { W, H, s, k, pal } = ctx;
  const fill = s.defs.linear(v2(0, H * 0.78), v2(0, H), [
    { offset: 0, color: '#1e1f22' },
    { offset: 1, color: '#0a0a0b' },
  ]);
  let out = el('path', { d: `M${f1(W * 0.53)} ${f1(H * 0.8)}L${f1(W * 0.77)} ${f1(H * 0.8)}L${f1(W * 0.84)} ${H}L${f1(W * 0.46)} ${H}Z`, fill });
  const trimFill = s.defs.linear(v2(0, H * 0.82), v2(0, H), pal.trimStops);
  out += el('path', { d: `M${f1(W * 0.56)} ${f1(H * 0.83)}L${f1(W * 0.74)} ${f1(H * 0.83)}L${f1(W * 0.79)} ${H}L${f1(W * 0.51)} ${H}Z`, fill: trimFill, opacity: 0.9 });
  // Gear selector and buttons.
  out += el('ellipse', { cx: W * 0.64, cy: H * 0.9, rx: 42 * k, ry: 30 * k, fill: '#0c0c0d' });
  const knob = s.defs.linear(v2(0, H * 0.84), v2(0, H * 0.92), [
    { offset: 0, color: '#8d939a' },
    { offset: 1, color: '#2b2e32' },
  ]);
  out += el('path', { d: `M${f1(W * 0.625)} ${f1(H * 0.9)}C${f1(W * 0.62)} ${f1(H * 0.84)} ${f1(W * 0.66)} ${f1(H * 0.84)} ${f1(W * 0.655)} ${f1(H * 0.9)}Z`, fill: knob });
  let btn = '';
  for (let i = 0; i < 4; i++) btn += `M${f1(W * (0.565 + i * 0.045))} ${f1(H * 0.78)}h${f1(W * 0.032)}v${f1(H * 0.012)}h${f1(-W * 0.032)}Z`;
  out += el('path', { d: btn, fill: '#3a3d42' });
  return out;
}

function passengerSeat(ctx: Ctx): string {
  const { W, H, s, pal } = ctx;
  const base = pal.seat;
  const fill = s.defs.linear(v2(W * 0.85, H * 0.7), v2(W * 0.95, H), [
    { offset: 0, color: toHex(scale(mix(base, [0.12, 0.12, 0.12], 0.25), 2.6)) },
    { offset: 0.6, color: toHex(scale(mix(base, [0.08, 0.08, 0.08], 0.25), 1.2)) },
    { offset: 1, color: toHex(scale(base, 0.5)) },
  ]);
  const back = `M${f1(W * 0.83)} ${H}C${f1(W * 0.82)} ${f1(H * 0.9)} ${f1(W * 0.83)} ${f1(H * 0.8)} ${f1(W * 0.87)} ${f1(H * 0.78)}C${f1(W * 0.93)} ${f1(H * 0.76)} ${f1(W)} ${f1(H * 0.77)} ${W} ${f1(H * 0.8)}V${H}Z`;
  const bolster = `M${f1(W * 0.86)} ${H}C${f1(W * 0.855)} ${f1(H * 0.92)} ${f1(W * 0.87)} ${f1(H * 0.84)} ${f1(W * 0.9)} ${f1(H * 0.83)}`;
  return el('path', { d: back, fill }) + el('path', { d: bolster, fill: 'none', stroke: '#000', 'stroke-opacity': 0.35, 'stroke-width': 4 * ctx.k });
}

function steeringWheel(ctx: Ctx): string {
  const { W, H, s, k } = ctx;
  const cx = W * 0.31;
  const cy = H * 0.83;
  const rx = W * 0.19;
  const ry = H * 0.28;
  const t = 0.16;
  const outer = ellipse(cx, cy, rx, ry, 72);
  const inner = ellipse(cx, cy, rx * (1 - t), ry * (1 - t * 1.05), 72).reverse();
  const rimFill = s.defs.linear(v2(cx - rx, cy - ry), v2(cx + rx * 0.3, cy + ry), [
    { offset: 0, color: '#5a5c61' },
    { offset: 0.18, color: '#2c2d31' },
    { offset: 0.6, color: '#18181b' },
    { offset: 1, color: '#0d0d0e' },
  ]);
  let out = '';
  // Column shroud behind the wheel.
  out += el('path', { d: `M${f1(cx - rx * 0.3)} ${H}L${f1(cx - rx * 0.2)} ${f1(cy)}L${f1(cx + rx * 0.2)} ${f1(cy)}L${f1(cx + rx * 0.3)} ${H}Z`, fill: '#121214' });
  // Spokes.
  const spokeFill = s.defs.linear(v2(0, cy - ry * 0.15), v2(0, cy + ry * 0.2), [
    { offset: 0, color: '#6b7077' },
    { offset: 0.3, color: '#34363a' },
    { offset: 1, color: '#1a1b1d' },
  ]);
  const spoke = (a: Vec2[]): string => el('path', { d: pathD(a), fill: spokeFill });
  out += spoke([v2(cx - rx * 0.88, cy - ry * 0.05), v2(cx - rx * 0.3, cy - ry * 0.12), v2(cx - rx * 0.3, cy + ry * 0.14), v2(cx - rx * 0.88, cy + ry * 0.12)]);
  out += spoke([v2(cx + rx * 0.88, cy - ry * 0.05), v2(cx + rx * 0.3, cy - ry * 0.12), v2(cx + rx * 0.3, cy + ry * 0.14), v2(cx + rx * 0.88, cy + ry * 0.12)]);
  out += spoke([v2(cx - rx * 0.12, cy + ry * 0.2), v2(cx + rx * 0.12, cy + ry * 0.2), v2(cx + rx * 0.1, cy + ry * 0.88), v2(cx - rx * 0.1, cy + ry * 0.88)]);
  // Spoke buttons.
  let btn = '';
  for (const sx of [-1, 1]) {
    for (let i = 0; i < 3; i++) {
      const bx = cx + sx * rx * (0.45 + i * 0.12);
      btn += `M${f1(bx - 10 * k)} ${f1(cy - 4 * k)}h${f1(20 * k)}v${f1(14 * k)}h${f1(-20 * k)}Z`;
    }
  }
  out += el('path', { d: btn, fill: '#4a4d53' });
  // Hub / airbag pad with a plain badge.
  const hub = s.defs.linear(v2(0, cy - ry * 0.25), v2(0, cy + ry * 0.3), [
    { offset: 0, color: '#45474c' },
    { offset: 1, color: '#17171a' },
  ]);
  out += el('path', { d: pathD(ellipse(cx, cy + ry * 0.02, rx * 0.3, ry * 0.24, 40)), fill: hub, stroke: '#0b0b0c', 'stroke-width': 3 * k });
  out += el('ellipse', { cx, cy: cy - ry * 0.02, rx: rx * 0.07, ry: ry * 0.045, fill: '#a7adb4' });
  // Rim (outer minus inner via even-odd).
  out += el('path', { d: pathD(outer) + pathD(inner), fill: rimFill, 'fill-rule': 'evenodd' });
  out += el('path', {
    d: `M${f1(cx - rx * 0.75)} ${f1(cy - ry * 0.66)}Q${f1(cx)} ${f1(cy - ry * 1.06)} ${f1(cx + rx * 0.75)} ${f1(cy - ry * 0.66)}`,
    fill: 'none',
    stroke: '#ffffff',
    'stroke-opacity': 0.18,
    'stroke-width': 5 * k,
  });
  // Stitching on the rim.
  out += el('path', { d: pathD(ellipse(cx, cy, rx * (1 - t / 2), ry * (1 - t * 0.52), 72)), fill: 'none', stroke: ctx.pal.ambient === '#ff9f5a' ? '#c0392b' : '#8a8d92', 'stroke-opacity': 0.5, 'stroke-width': 2 * k, 'stroke-dasharray': `${f1(6 * k)} ${f1(6 * k)}` });
  return out;
}

/** Driver's door panel with armrest and handle, at the left edge. */
function doorPanel(ctx: Ctx): string {
  const { W, H, s, k, pal } = ctx;
  const base = pal.seat;
  const fill = s.defs.linear(v2(0, H * 0.6), v2(W * 0.14, H), [
    { offset: 0, color: toHex(scale(base, 1.6)) },
    { offset: 1, color: toHex(scale(base, 0.6)) },
  ]);
  let out = el('path', { d: `M0 ${f1(H * 0.64)}L${f1(W * 0.05)} ${f1(H * 0.66)}L${f1(W * 0.13)} ${H}H0Z`, fill });
  const trimFill = s.defs.linear(v2(0, H * 0.72), v2(0, H * 0.76), pal.trimStops);
  out += el('path', { d: `M0 ${f1(H * 0.73)}L${f1(W * 0.065)} ${f1(H * 0.745)}L${f1(W * 0.072)} ${f1(H * 0.77)}L0 ${f1(H * 0.76)}Z`, fill: trimFill });
  out += el('path', { d: `M0 ${f1(H * 0.86)}L${f1(W * 0.1)} ${f1(H * 0.88)}L${f1(W * 0.11)} ${f1(H * 0.93)}L0 ${f1(H * 0.92)}Z`, fill: '#000', opacity: 0.35 });
  out += el('path', { d: `M${f1(W * 0.01)} ${f1(H * 0.8)}L${f1(W * 0.06)} ${f1(H * 0.81)}`, stroke: '#b5bac0', 'stroke-width': 6 * k, 'stroke-linecap': 'round' });
  return out;
}

function lightFalloff(ctx: Ctx): string {
  const { W, H, s } = ctx;
  const fill = s.defs.linear(v2(0, H * 0.55), v2(0, H), [
    { offset: 0, color: '#000', opacity: 0 },
    { offset: 1, color: '#000', opacity: 0.35 },
  ]);
  return el('rect', { x: 0, y: H * 0.55, width: W, height: H * 0.45, fill });
}

export function renderInteriorSvg(scene: InteriorScene): string {
  const ctx: Ctx = { s: scene, W: scene.width, H: scene.height, k: scene.width / 1600, pal: palette(scene) };
  return [
    outside(ctx),
    dashboard(ctx),
    headlinerAndPillars(ctx),
    cluster(ctx),
    centreScreen(ctx),
    centreConsole(ctx),
    passengerSeat(ctx),
    doorPanel(ctx),
    lightFalloff(ctx),
    steeringWheel(ctx),
  ].join('');
}
