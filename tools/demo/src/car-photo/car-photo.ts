/**
 * Deterministic, offline car listing photos: an SVG scene is generated for the requested body type,
 * paint colour and view, then rasterised to WebP by sharp. Pure function: no file or network I/O.
 */
import sharp, { type Sharp } from 'sharp';
import { type Backdrop, BACKDROP_KINDS, createBackdrop } from './lib/backdrop';
import { bodySpec } from './lib/bodies';
import { type RGB, resolvePaint, rgb } from './lib/color';
import { type ExteriorView, carMarkup, exteriorScene, makeDrawContext, setupCamera, shadows } from './lib/exterior';
import { renderInteriorSvg } from './lib/interior';
import { v2 } from './lib/math';
import { createRng } from './lib/rng';
import { Defs, el } from './lib/svg';
import { pickWheelStyle } from './lib/wheel';

export type CarPhotoView = ExteriorView | 'interior';

/** A listing's photo shoot, cover first: three-quarter views around the car, the side, then the cabin. */
export const SHOOT_VIEWS: readonly CarPhotoView[] = ['front', 'side', 'rear', 'interior', 'front-wide', 'rear-wide', 'front-low', 'rear-low'];

export interface CarPhotoOptions {
  /** sedan, suv, truck, coupe, convertible, hatchback, wagon, van/minivan (aliases like "pickup" are accepted). */
  bodyType: string;
  /** black, white, silver, gray, red, blue, green, brown, beige, or a hex colour like "#1d4e89". */
  color: string;
  view: CarPhotoView;
  /** Same seed => same image. Use one seed per listing for a consistent photo set. */
  seed: number;
  width?: number;
  height?: number;
}

export const DEFAULT_WIDTH = 1600;
export const DEFAULT_HEIGHT = 1067;
/** SVG design width; the height follows the requested aspect ratio. */
const DESIGN_WIDTH = 1600;

const INTERIOR_TONES: readonly string[] = ['#1a1a1c', '#1a1a1c', '#2a2622', '#6b5a45', '#4a2e22', '#3b3f45'];

function pickInterior(seed: number): RGB {
  return rgb(createRng(seed, 'interior').pick(INTERIOR_TONES));
}

function pickBackdrop(seed: number): Backdrop {
  const rng = createRng(seed, 'backdrop');
  return createBackdrop(rng.pick(BACKDROP_KINDS), rng);
}

interface Layers {
  /** Backdrop, floor reflection and ground shadow. */
  back: string;
  /** The car itself (or the whole interior view). */
  front: string;
  width: number;
  height: number;
}

function exteriorLayers(opts: Required<CarPhotoOptions> & { view: ExteriorView }, W: number, H: number): Layers {
  const spec = bodySpec(opts.bodyType);
  const defs = new Defs('c');
  const backdrop = pickBackdrop(opts.seed);
  const cam = setupCamera(spec, opts.view, createRng(opts.seed, `camera:${opts.view}`), W, H);
  const scene = exteriorScene(opts.bodyType, {
    paint: resolvePaint(opts.color),
    interior: pickInterior(opts.seed),
    wheel: pickWheelStyle(createRng(opts.seed, 'wheel'), spec.type),
    backdrop,
    defs,
    width: W,
    height: H,
  });
  const ctx = makeDrawContext(scene, cam);
  const car = carMarkup(ctx, false);
  const box = screenBox(cam, spec.length, spec.height, spec.halfWidth);
  const background = backdrop.draw({ defs, width: W, height: H, camera: cam, horizonY: cam.horizonY(), carBox: box });
  let reflection = '';
  if (backdrop.floorReflection > 0) {
    cam.mirrored = true;
    const mirrored = carMarkup(ctx, true);
    cam.mirrored = false;
    const carH = box.y1 - box.y0;
    const fade = defs.linear(v2(0, box.y1 - carH * 0.1), v2(0, box.y1 + carH * 0.32), [
      { offset: 0, color: '#ffffff', opacity: backdrop.floorReflection },
      { offset: 1, color: '#ffffff', opacity: 0 },
    ]);
    const maskId = defs.id('mask');
    defs.raw(el('mask', { id: maskId, maskUnits: 'userSpaceOnUse', x: 0, y: 0, width: W, height: H }, el('rect', { x: 0, y: 0, width: W, height: H, fill: fade })));
    reflection = el('g', { mask: `url(#${maskId})` }, mirrored);
  }
  const shadow = shadows(ctx, backdrop.shadow);
  const d = defs.markup();
  return { back: d + background + reflection + shadow, front: d + car, width: W, height: H };
}

function screenBox(cam: ReturnType<typeof setupCamera>, L: number, H: number, hw: number): { x0: number; y0: number; x1: number; y1: number } {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const x of [0, L]) {
    for (const y of [0, H]) {
      for (const z of [-hw, hw]) {
        const p = cam.project({ x, y, z });
        x0 = Math.min(x0, p.x);
        x1 = Math.max(x1, p.x);
        y0 = Math.min(y0, p.y);
        y1 = Math.max(y1, p.y);
      }
    }
  }
  return { x0, y0, x1, y1 };
}

function svgDocument(W: number, H: number, opts: { width: number; height: number }, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${opts.width}" height="${opts.height}" viewBox="0 0 ${W} ${H.toFixed(2)}" preserveAspectRatio="none">${body}</svg>`;
}

function layersFor(options: CarPhotoOptions): Layers & { opts: Required<CarPhotoOptions> } {
  const opts: Required<CarPhotoOptions> = {
    width: DEFAULT_WIDTH,
    height: DEFAULT_HEIGHT,
    ...options,
  };
  const W = DESIGN_WIDTH;
  const H = (DESIGN_WIDTH * opts.height) / opts.width;
  if (opts.view === 'interior') {
    const defs = new Defs('i');
    const body = renderInteriorSvg({
      defs,
      width: W,
      height: H,
      bodyType: bodySpec(opts.bodyType).type,
      paint: resolvePaint(opts.color),
      interior: pickInterior(opts.seed),
      rng: createRng(opts.seed, 'interior-view'),
      backdrop: pickBackdrop(opts.seed),
    });
    return { back: '', front: defs.markup() + body, width: W, height: H, opts };
  }
  return { ...exteriorLayers({ ...opts, view: opts.view }, W, H), opts };
}

/** Builds a single SVG document for a photo (exposed for previews and tests; no depth-of-field softening). */
export function buildCarPhotoSvg(options: CarPhotoOptions): string {
  const l = layersFor(options);
  return svgDocument(l.width, l.height, l.opts, l.back + l.front);
}

/** One listing photo, rendered when the returned pipeline is written (in whatever format the caller asks). */
export function renderCarPhoto(options: CarPhotoOptions): Sharp {
  const width = Math.max(64, Math.round(options.width ?? DEFAULT_WIDTH));
  const height = Math.max(64, Math.round(options.height ?? DEFAULT_HEIGHT));
  const svg = buildCarPhotoSvg({ ...options, width, height });
  return sharp(Buffer.from(svg)).resize(width, height, { fit: 'fill' }).flatten({ background: '#808080' });
}
