/**
 * Backdrops (what is behind the car) and the matching lighting environment used to shade paint and glass.
 */
import type { Camera } from './camera';
import { type RGB, mix, rgb, scale, toHex } from './color';
import { type Vec2, type Vec3, clamp, dot3, norm3, smoothstep, v2, v3 } from './math';
import type { Rng } from './rng';
import { Defs, el, pathD, smoothPathD } from './svg';

export type BackdropKind = 'studioLight' | 'studioDark' | 'day' | 'sunset' | 'urban' | 'showroom';
export const BACKDROP_KINDS: readonly BackdropKind[] = ['studioLight', 'studioDark', 'day', 'sunset', 'urban', 'showroom'];

export interface Lighting {
  /** Radiance arriving from direction d (unit vector, y up). Linear RGB. */
  env(d: Vec3): RGB;
  /** Unit vector towards the key light. */
  key: Vec3;
  keyColor: RGB;
  skyAmbient: RGB;
  groundAmbient: RGB;
}

export interface BackdropContext {
  defs: Defs;
  width: number;
  height: number;
  camera: Camera;
  horizonY: number;
  /** Screen-space bounding box of the car. */
  carBox: { x0: number; y0: number; x1: number; y1: number };
}

export interface Backdrop {
  kind: BackdropKind;
  lighting: Lighting;
  /** Opacity of the mirrored car on a glossy floor (0 = no reflection). */
  floorReflection: number;
  /** Strength of the contact shadow (0..1). */
  shadow: number;
  draw(ctx: BackdropContext): string;
}

/** Soft rectangular light source seen in reflections: azimuth/elevation window. */
interface Softbox {
  azimuth: number;
  azWidth: number;
  elMin: number;
  elMax: number;
  intensity: number;
}

function softboxes(d: Vec3, boxes: readonly Softbox[]): number {
  const el = Math.asin(clamp(d.y, -1, 1));
  const az = Math.atan2(d.z, d.x);
  let s = 0;
  for (const b of boxes) {
    let da = Math.abs(az - b.azimuth);
    if (da > Math.PI) da = 2 * Math.PI - da;
    const wa = 1 - smoothstep(b.azWidth * 0.35, b.azWidth * 1.15, da);
    const we = smoothstep(b.elMin - 0.2, b.elMin + 0.1, el) * (1 - smoothstep(b.elMax - 0.1, b.elMax + 0.2, el));
    s += wa * we * b.intensity;
  }
  return s;
}

interface SkyModel {
  zenith: RGB;
  horizon: RGB;
  groundNear: RGB;
  groundFar: RGB;
  sun?: { dir: Vec3; color: RGB; size: number };
  boxes?: Softbox[];
  boxColor?: RGB;
  /** Optional dark band just above the horizon (buildings, trees, walls). */
  band?: { top: number; color: RGB; pattern: number };
}

function skyEnv(m: SkyModel): (d: Vec3) => RGB {
  return (d: Vec3): RGB => {
    const y = d.y;
    let c: RGB;
    if (y >= 0) {
      c = mix(m.horizon, m.zenith, Math.pow(clamp(y, 0, 1), 0.55));
      if (m.band && y < m.band.top) {
        const az = Math.atan2(d.z, d.x);
        const blocks = 0.5 + 0.5 * Math.sin(az * m.band.pattern) * Math.sin(az * m.band.pattern * 0.37 + 1.3);
        const top = m.band.top * (0.45 + 0.55 * blocks);
        if (y < top) c = m.band.color;
      }
    } else {
      c = mix(m.groundFar, m.groundNear, Math.pow(clamp(-y, 0, 1), 0.5));
    }
    const hz = smoothstep(-0.025, 0.02, y);
    if (y < 0.02 && y > -0.025) {
      const sky = mix(m.horizon, m.zenith, 0);
      const ground = m.groundFar;
      c = mix(ground, sky, hz);
    }
    if (m.sun) {
      const s = Math.max(0, dot3(d, m.sun.dir));
      const glow = Math.pow(s, m.sun.size);
      c = [c[0] + m.sun.color[0] * glow, c[1] + m.sun.color[1] * glow, c[2] + m.sun.color[2] * glow];
    }
    if (m.boxes && m.boxColor) {
      const b = softboxes(d, m.boxes);
      if (b > 0) c = mix(c, m.boxColor, clamp(b, 0, 1));
    }
    return c;
  };
}

function lighting(m: SkyModel, key: Vec3, keyColor: RGB, skyAmbient: RGB, groundAmbient: RGB): Lighting {
  return { env: skyEnv(m), key: norm3(key), keyColor, skyAmbient, groundAmbient };
}

/* ------------------------------------------------------------------ drawing helpers */

function fullRect(ctx: BackdropContext, fill: string, y0 = 0, y1 = ctx.height): string {
  return el('rect', { x: 0, y: Math.floor(y0), width: ctx.width, height: Math.ceil(y1 - y0) + 1, fill });
}

function verticalGradientRect(ctx: BackdropContext, y0: number, y1: number, stops: { o: number; c: string }[]): string {
  const fill = ctx.defs.linear(v2(0, y0), v2(0, y1), stops.map((s) => ({ offset: s.o, color: s.c })));
  return fullRect(ctx, fill, y0, y1);
}

function glow(ctx: BackdropContext, cx: number, cy: number, rx: number, ry: number, color: string, opacity: number): string {
  const fill = ctx.defs.radial(
    cx,
    cy,
    rx,
    [
      { offset: 0, color, opacity },
      { offset: 0.5, color, opacity: opacity * 0.5 },
      { offset: 1, color, opacity: 0 },
    ],
    `translate(${cx} ${cy}) scale(1 ${ry / rx}) translate(${-cx} ${-cy})`,
  );
  return el('ellipse', { cx, cy, rx, ry, fill });
}

/** Random smooth ridge line (hills / tree lines) between horizon offsets. */
function ridge(ctx: BackdropContext, rng: Rng, baseY: number, amp: number, bumps: number, fill: string, jag = 0): string {
  const pts: Vec2[] = [];
  const n = bumps * 3;
  const phase = rng.range(0, 10);
  const f2 = rng.range(1.7, 2.6);
  for (let i = 0; i <= n; i++) {
    const x = (i / n) * (ctx.width + 200) - 100;
    const t = i / n;
    const h =
      0.55 * Math.sin(t * Math.PI * bumps * 0.5 + phase) +
      0.3 * Math.sin(t * Math.PI * bumps * f2 + phase * 2) +
      (jag > 0 ? jag * (rng.next() - 0.5) : 0);
    pts.push(v2(x, baseY - amp * (0.55 + 0.45 * h)));
  }
  const d = `${smoothPathD(pts, false)}L${ctx.width + 100} ${baseY + 2}L-100 ${baseY + 2}Z`;
  return el('path', { d, fill });
}

/** Perspective lines on the ground plane (floor tiles, expansion joints). */
function groundGrid(ctx: BackdropContext, spacing: number, color: string, opacity: number, widthPx: number): string {
  const cam = ctx.camera;
  const lines: string[] = [];
  const range = 40;
  const segs = (a: Vec3, b: Vec3): void => {
    const pts: Vec2[] = [];
    for (let i = 0; i <= 24; i++) {
      const t = i / 24;
      const p = v3(a.x + (b.x - a.x) * t, 0, a.z + (b.z - a.z) * t);
      const s = cam.project(p);
      if (s.depth > 0.8) pts.push(v2(s.x, s.y));
    }
    if (pts.length > 1) lines.push(pathD(pts, false));
  };
  const cx = Math.round(cam.eye.x / spacing) * spacing;
  const cz = Math.round(cam.eye.z / spacing) * spacing;
  for (let i = -range; i <= range; i++) {
    segs(v3(cx + i * spacing, 0, cz - range * spacing), v3(cx + i * spacing, 0, cz + range * spacing));
    segs(v3(cx - range * spacing, 0, cz + i * spacing), v3(cx + range * spacing, 0, cz + i * spacing));
  }
  const clip = ctx.defs.clip(`M0 ${ctx.horizonY + 2}H${ctx.width}V${ctx.height}H0Z`);
  return el(
    'g',
    { 'clip-path': clip, stroke: color, 'stroke-opacity': opacity, 'stroke-width': widthPx, fill: 'none' },
    el('path', { d: lines.join('') }),
  );
}

/**
 * Darkened edges. Built from linear gradients: a full-canvas radial gradient is by far the most
 * expensive thing librsvg draws here.
 */
function vignette(ctx: BackdropContext, strength: number): string {
  const { width: w, height: h, defs } = ctx;
  const band = (x1: number, y1: number, x2: number, y2: number): string =>
    defs.linear(v2(x1, y1), v2(x2, y2), [
      { offset: 0, color: '#000', opacity: strength * 0.7 },
      { offset: 1, color: '#000', opacity: 0 },
    ]);
  const bw = w * 0.28;
  const bh = h * 0.3;
  return (
    el('rect', { x: 0, y: 0, width: bw, height: h, fill: band(0, 0, bw, 0) }) +
    el('rect', { x: w - bw, y: 0, width: bw, height: h, fill: band(w, 0, w - bw, 0) }) +
    el('rect', { x: 0, y: h - bh, width: w, height: bh, fill: band(0, h, 0, h - bh) }) +
    el('rect', { x: 0, y: 0, width: w, height: bh * 0.7, fill: band(0, 0, 0, bh * 0.7) })
  );
}

/* ------------------------------------------------------------------ backdrops */

function studioLight(rng: Rng): Backdrop {
  const tint = rng.pick(['#eef0f2', '#f2efe9', '#e9eef3', '#ecebe8']);
  const wall = rgb(tint);
  const lightingModel: SkyModel = {
    zenith: scale(wall, 1.3),
    horizon: scale(wall, 0.75),
    groundNear: scale(wall, 0.3),
    groundFar: scale(wall, 0.5),
    boxes: [
      { azimuth: rng.range(-2.4, -1.6), azWidth: 0.45, elMin: 0.05, elMax: 0.9, intensity: 1 },
      { azimuth: rng.range(1.2, 2.0), azWidth: 0.35, elMin: 0.1, elMax: 0.9, intensity: 0.8 },
      { azimuth: 0, azWidth: Math.PI, elMin: 1.0, elMax: 1.6, intensity: 1 },
    ],
    boxColor: [2.4, 2.4, 2.4],
  };
  return {
    kind: 'studioLight',
    lighting: lighting(lightingModel, v3(-0.3, 1, 0.4), [0.9, 0.9, 0.9], [0.85, 0.86, 0.88], [0.35, 0.35, 0.36]),
    floorReflection: 0.16,
    shadow: 0.55,
    draw(ctx) {
      const h = ctx.horizonY;
      const floorTop = Math.min(h, ctx.carBox.y1 - (ctx.carBox.y1 - ctx.carBox.y0) * 0.25);
      const top = toHex(scale(wall, 0.78));
      const mid = toHex(scale(wall, 1.0));
      const floorFar = toHex(scale(wall, 0.93));
      const floorNear = toHex(scale(wall, 0.62));
      return (
        verticalGradientRect(ctx, 0, ctx.height, [
          { o: 0, c: top },
          { o: (floorTop - 60) / ctx.height, c: mid },
          { o: (floorTop + 40) / ctx.height, c: floorFar },
          { o: 1, c: floorNear },
        ]) +
        glow(ctx, ctx.width / 2, floorTop - 40, ctx.width * 0.55, ctx.height * 0.42, '#ffffff', 0.65) +
        vignette(ctx, 0.22)
      );
    },
  };
}

function studioDark(rng: Rng): Backdrop {
  const accent = rng.pick(['#3a4250', '#40403f', '#2f3b45', '#453a36']);
  const model: SkyModel = {
    zenith: [0.03, 0.03, 0.035],
    horizon: [0.015, 0.015, 0.018],
    groundNear: [0.01, 0.01, 0.012],
    groundFar: [0.02, 0.02, 0.022],
    boxes: [
      { azimuth: rng.range(-2.6, -1.8), azWidth: 0.3, elMin: 0.05, elMax: 0.7, intensity: 1 },
      { azimuth: rng.range(0.9, 1.6), azWidth: 0.25, elMin: 0.15, elMax: 0.8, intensity: 0.9 },
      { azimuth: rng.range(-0.4, 0.4), azWidth: 0.6, elMin: 1.05, elMax: 1.6, intensity: 1 },
    ],
    boxColor: [2.2, 2.2, 2.3],
  };
  return {
    kind: 'studioDark',
    lighting: lighting(model, v3(0.2, 1, 0.5), [0.75, 0.75, 0.78], [0.22, 0.22, 0.25], [0.05, 0.05, 0.06]),
    floorReflection: 0.2,
    shadow: 0.7,
    draw(ctx) {
      const floorTop = ctx.carBox.y1 - (ctx.carBox.y1 - ctx.carBox.y0) * 0.3;
      return (
        verticalGradientRect(ctx, 0, ctx.height, [
          { o: 0, c: '#0b0c0e' },
          { o: floorTop / ctx.height, c: '#1d2024' },
          { o: 1, c: '#07080a' },
        ]) +
        glow(ctx, ctx.width / 2, floorTop - ctx.height * 0.08, ctx.width * 0.5, ctx.height * 0.4, accent, 0.9) +
        glow(ctx, ctx.width / 2, ctx.carBox.y1 + 10, ctx.width * 0.45, ctx.height * 0.1, '#8a94a3', 0.18) +
        vignette(ctx, 0.45)
      );
    },
  };
}

function day(rng: Rng): Backdrop {
  const zenith = rgb(rng.pick(['#4f86c6', '#5b93d1', '#6a9bd0']));
  const horizon = rgb(rng.pick(['#dbe7f1', '#e3ecf2', '#d5e3ee']));
  const grass = rng.chance(0.5);
  const ground = rgb(rng.pick(['#5d5f63', '#6b6c6e', '#56585c']));
  const model: SkyModel = {
    zenith: scale(zenith, 1.4),
    horizon: scale(horizon, 1.3),
    groundNear: scale(ground, 0.8),
    groundFar: scale(ground, 1.2),
    sun: { dir: norm3(v3(-0.5, 0.7, 0.4)), color: [6, 5.6, 5], size: 300 },
  };
  return {
    kind: 'day',
    lighting: lighting(model, v3(-0.5, 0.8, 0.5), [1.0, 0.96, 0.9], [0.6, 0.68, 0.8], [0.22, 0.22, 0.22]),
    floorReflection: 0,
    shadow: 0.75,
    draw(ctx) {
      const h = ctx.horizonY;
      const parts: string[] = [];
      parts.push(
        verticalGradientRect(ctx, 0, h + 2, [
          { o: 0, c: toHex(zenith) },
          { o: 0.75, c: toHex(mix(zenith, horizon, 0.7)) },
          { o: 1, c: toHex(horizon) },
        ]),
      );
      const clouds = rng.int(3, 6);
      for (let i = 0; i < clouds; i++) {
        const cx = rng.range(0, ctx.width);
        const cy = rng.range(h * 0.15, h * 0.7);
        const rx = rng.range(120, 320);
        for (let k = 0; k < 4; k++) {
          parts.push(glow(ctx, cx + rng.range(-rx, rx) * 0.6, cy + rng.range(-20, 20), rx * rng.range(0.5, 0.9), rx * 0.28, '#ffffff', 0.55));
        }
      }
      parts.push(ridge(ctx, rng, h + 1, ctx.height * 0.07, 5, '#9fb1c0'));
      parts.push(ridge(ctx, rng, h + 1, ctx.height * 0.04, 9, grass ? '#5f7a52' : '#7d8a86', 0.4));
      if (grass) parts.push(ridge(ctx, rng, h + 1, ctx.height * 0.022, 40, '#3f5a36', 0.9));
      const groundFar = grass ? '#7b8a62' : '#8d8f91';
      parts.push(
        verticalGradientRect(ctx, h, ctx.height, [
          { o: 0, c: groundFar },
          { o: 0.06, c: toHex(mix(ground, rgb(groundFar), 0.5)) },
          { o: 0.12, c: toHex(scale(ground, 1.25)) },
          { o: 1, c: toHex(scale(ground, 0.75)) },
        ]),
      );
      parts.push(groundGrid(ctx, 6, '#ffffff', 0.07, 1.2));
      parts.push(vignette(ctx, 0.2));
      return parts.join('');
    },
  };
}

function sunset(rng: Rng): Backdrop {
  const top = rgb(rng.pick(['#26335f', '#2d2b57', '#1f3a5f']));
  const mid = rgb(rng.pick(['#c9687a', '#d9776a', '#b9607e']));
  const hz = rgb(rng.pick(['#f6b26b', '#f8c27a', '#f3a766']));
  const model: SkyModel = {
    zenith: scale(top, 1.6),
    horizon: scale(hz, 1.6),
    groundNear: [0.02, 0.018, 0.02],
    groundFar: [0.06, 0.045, 0.04],
    sun: { dir: norm3(v3(rng.chance(0.5) ? -1 : 1, 0.08, -0.6)), color: [5, 3, 1.5], size: 60 },
  };
  return {
    kind: 'sunset',
    lighting: lighting(model, v3(-0.6, 0.3, -0.2), [1.0, 0.7, 0.45], [0.5, 0.42, 0.5], [0.08, 0.06, 0.06]),
    floorReflection: 0,
    shadow: 0.8,
    draw(ctx) {
      const h = ctx.horizonY;
      const sunX = rng.range(ctx.width * 0.15, ctx.width * 0.85);
      return [
        verticalGradientRect(ctx, 0, h + 2, [
          { o: 0, c: toHex(top) },
          { o: 0.6, c: toHex(mid) },
          { o: 1, c: toHex(hz) },
        ]),
        glow(ctx, sunX, h - 10, ctx.width * 0.35, ctx.height * 0.25, '#ffe3a8', 0.8),
        el('circle', { cx: sunX, cy: h - 28, r: 26, fill: '#fff3d6' }),
        ridge(ctx, rng, h + 1, ctx.height * 0.08, 4, '#4a3550'),
        ridge(ctx, rng, h + 1, ctx.height * 0.04, 8, '#2c2434', 0.5),
        verticalGradientRect(ctx, h, ctx.height, [
          { o: 0, c: '#3b2c33' },
          { o: 0.15, c: '#2a2228' },
          { o: 1, c: '#141114' },
        ]),
        glow(ctx, sunX, h + 30, ctx.width * 0.3, ctx.height * 0.05, '#f6b26b', 0.35),
        vignette(ctx, 0.35),
      ].join('');
    },
  };
}

function urban(rng: Rng): Backdrop {
  const sky = rgb(rng.pick(['#b8cde0', '#c9d6e2', '#aac3db']));
  const bldg = rgb(rng.pick(['#7d8794', '#8a8f97', '#6f7c8a']));
  const model: SkyModel = {
    zenith: scale(sky, 1.2),
    horizon: scale(sky, 1.5),
    groundNear: [0.12, 0.12, 0.125],
    groundFar: [0.25, 0.25, 0.26],
    band: { top: 0.22, color: scale(bldg, 0.7), pattern: 1.5 },
  };
  return {
    kind: 'urban',
    lighting: lighting(model, v3(0.3, 0.9, 0.6), [0.9, 0.9, 0.9], [0.62, 0.66, 0.72], [0.25, 0.25, 0.26]),
    floorReflection: 0,
    shadow: 0.75,
    draw(ctx) {
      const h = ctx.horizonY;
      const parts: string[] = [
        verticalGradientRect(ctx, 0, h + 2, [
          { o: 0, c: toHex(sky) },
          { o: 1, c: toHex(mix(sky, [1, 1, 1], 0.5)) },
        ]),
      ];
      for (const layer of [0, 1]) {
        let x = -20;
        const shade = layer === 0 ? mix(bldg, sky, 0.45) : bldg;
        while (x < ctx.width) {
          const w = rng.range(60, 170);
          const bh = rng.range(0.08, layer === 0 ? 0.38 : 0.26) * ctx.height;
          const c = toHex(scale(shade, rng.range(0.9, 1.08)));
          parts.push(el('rect', { x, y: h - bh, width: w + 1, height: bh + 2, fill: c }));
          if (layer === 1) {
            const rows = Math.floor(bh / 22);
            const winFill = toHex(mix(shade, sky, 0.35));
            let d = '';
            for (let r = 1; r < rows; r++) {
              d += `M${x + 8} ${h - bh + r * 22}h${w - 16}v7h${-(w - 16)}Z`;
            }
            parts.push(el('path', { d, fill: winFill, opacity: 0.7 }));
          }
          x += w + rng.range(0, 30);
        }
      }
      parts.push(
        verticalGradientRect(ctx, h, ctx.height, [
          { o: 0, c: '#a7a9ac' },
          { o: 0.08, c: '#9a9c9f' },
          { o: 1, c: '#6b6d70' },
        ]),
      );
      parts.push(groundGrid(ctx, 3.2, '#3c3e41', 0.18, 1.4));
      parts.push(vignette(ctx, 0.22));
      return parts.join('');
    },
  };
}

function showroom(rng: Rng): Backdrop {
  const floor = rgb(rng.pick(['#c9c6c1', '#bfc3c7', '#d3cfc8']));
  const model: SkyModel = {
    zenith: [1.6, 1.6, 1.6],
    horizon: [0.85, 0.88, 0.92],
    groundNear: scale(floor, 0.45),
    groundFar: scale(floor, 0.75),
    band: { top: 0.5, color: [1.3, 1.38, 1.45], pattern: 1 },
    boxes: [{ azimuth: 0, azWidth: Math.PI, elMin: 0.9, elMax: 1.6, intensity: 1 }],
    boxColor: [2.2, 2.2, 2.2],
  };
  return {
    kind: 'showroom',
    lighting: lighting(model, v3(0, 1, 0.3), [0.8, 0.8, 0.8], [0.85, 0.86, 0.88], [0.3, 0.3, 0.3]),
    floorReflection: 0.18,
    shadow: 0.55,
    draw(ctx) {
      const h = ctx.horizonY;
      const parts: string[] = [
        verticalGradientRect(ctx, 0, h + 2, [
          { o: 0, c: '#d9dde2' },
          { o: 1, c: '#eef1f4' },
        ]),
      ];
      // Glass facade: tall bright panes with thin mullions, seen through the back wall.
      const paneW = rng.range(150, 230);
      const top = h - ctx.height * 0.5;
      let d = '';
      for (let x = rng.range(-paneW, 0); x < ctx.width; x += paneW) d += `M${x} ${top}h6V${h}h-6Z`;
      parts.push(el('rect', { x: 0, y: top, width: ctx.width, height: h - top, fill: '#f7fafc' }));
      parts.push(el('path', { d, fill: '#9aa1a9' }));
      parts.push(el('rect', { x: 0, y: top - 10, width: ctx.width, height: 12, fill: '#a9afb6' }));
      parts.push(
        verticalGradientRect(ctx, h, ctx.height, [
          { o: 0, c: toHex(scale(floor, 1.15)) },
          { o: 1, c: toHex(scale(floor, 0.7)) },
        ]),
      );
      parts.push(groundGrid(ctx, 1.2, '#ffffff', 0.35, 1.2));
      parts.push(vignette(ctx, 0.18));
      return parts.join('');
    },
  };
}

const FACTORIES: Record<BackdropKind, (rng: Rng) => Backdrop> = {
  studioLight,
  studioDark,
  day,
  sunset,
  urban,
  showroom,
};

export function createBackdrop(kind: BackdropKind, rng: Rng): Backdrop {
  return FACTORIES[kind](rng);
}
