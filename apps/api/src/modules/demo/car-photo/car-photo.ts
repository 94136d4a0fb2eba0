import sharp from 'sharp';
import { prng } from '../demo-listings';
import { BODY_SHAPES, type BodyShape } from './body-shapes';

export type CarView = 'front' | 'side' | 'rear' | 'interior';

export interface CarPhotoOptions {
  bodyType: string;
  /** One of our colour names or a #hex value. */
  color: string;
  view: CarView;
  seed: number;
  width?: number;
  height?: number;
}

const PAINT: Record<string, string> = {
  black: '#16181c', white: '#eef0f2', silver: '#b9bec5', gray: '#6b7079', red: '#b3161b', blue: '#1f4e8c',
  green: '#2f5a3c', brown: '#5a3b27', beige: '#cbb995', other: '#7a5c8c',
};
const BACKDROPS: [string, string, string][] = [
  ['#e9edf2', '#c9d1db', '#8f99a6'],
  ['#f3efe8', '#d8d0c2', '#9a8f7e'],
  ['#dfe8ee', '#b7c7d3', '#7a8c99'],
  ['#eceae6', '#cfccc6', '#8d8a85'],
];

/**
 * A listing photo for the demo data: the car drawn as a studio shot (SVG rendered by sharp to PNG).
 * Deterministic for a seed. Views frame the car differently: a side profile, front and rear
 * three-quarter crops, and a dashboard.
 */
export async function renderCarPhoto(options: CarPhotoOptions): Promise<Buffer> {
  const width = options.width ?? 1600;
  const height = options.height ?? 1067;
  const random = prng(options.seed * 7919 + 17);
  const paint = PAINT[options.color] ?? (/^#[0-9a-f]{6}$/i.test(options.color) ? options.color : PAINT.silver) ?? '#b9bec5';
  const backdrop = BACKDROPS[Math.floor(random() * BACKDROPS.length)] as [string, string, string];
  const svg =
    options.view === 'interior'
      ? interiorSvg(width, height, paint, random)
      : exteriorSvg(width, height, shapeOf(options.bodyType), paint, backdrop, options.view);
  // A lossless, barely compressed PNG: the upload pipeline re-encodes it to WebP anyway.
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}

function shapeOf(bodyType: string): BodyShape {
  const key = bodyType.replace(/^4-door-/, '').replace(/^5-door-/, '').replace('minivan', 'van');
  return BODY_SHAPES[key as keyof typeof BODY_SHAPES] ?? BODY_SHAPES.sedan;
}

function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (n >> shift) & 255;
    const v = amount >= 0 ? c + (255 - c) * amount : c * (1 + amount);
    return Math.round(Math.max(0, Math.min(255, v))).toString(16).padStart(2, '0');
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

/** The car in a 1000×420 drawing space; views place and scale that drawing in the frame. */
function carDrawing(shape: BodyShape, paint: string): string {
  const wheel = (cx: number) => `
    <g transform="translate(${cx} ${shape.wheelY})">
      <circle r="${shape.wheelR + 6}" fill="#0d0e10"/>
      <circle r="${shape.wheelR}" fill="#1b1c1f"/>
      <circle r="${shape.wheelR * 0.66}" fill="url(#rim)"/>
      ${Array.from({ length: 5 }, (_, k) => `<rect x="-5" y="${-shape.wheelR * 0.62}" width="10" height="${shape.wheelR * 0.5}" rx="4" fill="#8d939b" transform="rotate(${k * 72})"/>`).join('')}
      <circle r="${shape.wheelR * 0.16}" fill="#4a4e55"/>
    </g>`;
  return `
    <defs>
      <linearGradient id="body" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="${shade(paint, 0.35)}"/>
        <stop offset="0.45" stop-color="${paint}"/>
        <stop offset="1" stop-color="${shade(paint, -0.45)}"/>
      </linearGradient>
      <linearGradient id="glass" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#3a4654"/>
        <stop offset="0.55" stop-color="#1c232c"/>
        <stop offset="1" stop-color="#0f1318"/>
      </linearGradient>
      <radialGradient id="rim" cx="0.4" cy="0.35" r="0.8">
        <stop offset="0" stop-color="#e6e9ed"/>
        <stop offset="1" stop-color="#7b818a"/>
      </radialGradient>
      <radialGradient id="shadow" cx="0.5" cy="0.5" r="0.5">
        <stop offset="0" stop-color="#000" stop-opacity="0.45"/>
        <stop offset="1" stop-color="#000" stop-opacity="0"/>
      </radialGradient>
    </defs>
    <ellipse cx="500" cy="${shape.wheelY + shape.wheelR + 4}" rx="520" ry="34" fill="url(#shadow)"/>
    ${[shape.frontWheelX, shape.rearWheelX].map((x) => `<circle cx="${x}" cy="${shape.wheelY}" r="${shape.wheelR + 13}" fill="#0b0c0e"/>`).join('')}
    <path d="${shape.body}" fill="url(#body)" stroke="${shade(paint, -0.6)}" stroke-width="2"/>
    <path d="${shape.glass}" fill="url(#glass)"/>
    <path d="${shape.glass}" fill="none" stroke="${shade(paint, -0.5)}" stroke-width="6"/>
    ${shape.pillars.map((x) => `<rect x="${x - 5}" y="${shape.roofY}" width="10" height="${shape.beltY - shape.roofY}" fill="${shade(paint, -0.35)}"/>`).join('')}
    <path d="M ${shape.glassFrom + 20} ${shape.roofY + 16} L ${shape.glassFrom + 120} ${shape.roofY + 10} L ${shape.glassFrom + 60} ${shape.beltY - 12} Z" fill="#ffffff" opacity="0.12"/>
    <path d="M 60 ${shape.beltY + 22} L 940 ${shape.beltY + 18}" stroke="${shade(paint, 0.5)}" stroke-width="3" opacity="0.6"/>
    <path d="M 90 ${shape.wheelY - 6} L 910 ${shape.wheelY - 6}" stroke="${shade(paint, -0.55)}" stroke-width="2" opacity="0.6"/>
    <rect x="${shape.doorHandles[0]}" y="${shape.beltY + 34}" width="38" height="8" rx="4" fill="${shade(paint, -0.5)}"/>
    <rect x="${shape.doorHandles[1]}" y="${shape.beltY + 34}" width="38" height="8" rx="4" fill="${shade(paint, -0.5)}"/>
    <path d="M ${shape.noseX - 4} ${shape.lightY} q -36 -4 -52 10 l 48 4 z" fill="#f4f6f8" stroke="#9aa3ad" stroke-width="2"/>
    <path d="M ${shape.tailX + 4} ${shape.lightY - 4} q 28 0 34 12 l -34 2 z" fill="#c2121a"/>
    ${wheel(shape.frontWheelX)}${wheel(shape.rearWheelX)}`;
}

function exteriorSvg(w: number, h: number, shape: BodyShape, paint: string, backdrop: [string, string, string], view: CarView): string {
  // side: the whole car; front / rear: a closer crop towards that end, slightly turned.
  const scale = view === 'side' ? (w * 0.88) / 1000 : (w * 1.25) / 1000;
  const offsetX = view === 'side' ? w * 0.06 : view === 'front' ? -w * 0.06 : w - 1000 * scale + w * 0.06;
  const offsetY = h * 0.78 - (shape.wheelY + shape.wheelR) * scale;
  const flip = view === 'rear' ? ` translate(${1000 * scale} 0) scale(-1 1)` : '';
  const skew = view === 'side' ? '' : ` skewY(${view === 'front' ? -2.5 : 2.5})`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
    <defs>
      <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="${backdrop[0]}"/><stop offset="0.72" stop-color="${backdrop[1]}"/><stop offset="1" stop-color="${backdrop[2]}"/>
      </linearGradient>
      <radialGradient id="spot" cx="0.5" cy="0.35" r="0.7">
        <stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
      </radialGradient>
    </defs>
    <rect width="${w}" height="${h}" fill="url(#wall)"/>
    <rect width="${w}" height="${h}" fill="url(#spot)"/>
    <rect y="${h * 0.78}" width="${w}" height="${h * 0.22}" fill="${backdrop[2]}" opacity="0.35"/>
    <g transform="translate(${offsetX} ${offsetY})${flip} scale(${scale})${skew}">${carDrawing(shape, paint)}</g>
  </svg>`;
}

function interiorSvg(w: number, h: number, paint: string, random: () => number): string {
  const leather = random() < 0.5 ? '#2a2522' : '#8a6f55';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 1600 1067">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cfe0ee"/><stop offset="1" stop-color="#eef3f7"/></linearGradient>
      <linearGradient id="dash" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2b2e33"/><stop offset="1" stop-color="#121316"/></linearGradient>
      <radialGradient id="screen" cx="0.3" cy="0.3" r="0.9"><stop offset="0" stop-color="#2d5b8a"/><stop offset="1" stop-color="#0c1826"/></radialGradient>
    </defs>
    <rect width="1600" height="1067" fill="url(#sky)"/>
    <path d="M0 0 H1600 V120 Q800 60 0 140 Z" fill="#1a1b1e"/>
    <path d="M0 1067 V520 Q800 430 1600 520 V1067 Z" fill="url(#dash)"/>
    <path d="M0 560 Q800 480 1600 560" stroke="${paint}" stroke-width="10" fill="none" opacity="0.8"/>
    <rect x="690" y="560" width="300" height="180" rx="18" fill="url(#screen)" stroke="#0a0a0a" stroke-width="8"/>
    <rect x="720" y="600" width="120" height="12" rx="6" fill="#9cc3e6" opacity="0.7"/>
    <rect x="720" y="630" width="220" height="10" rx="5" fill="#9cc3e6" opacity="0.4"/>
    <g transform="translate(420 720)">
      <circle r="230" fill="none" stroke="#101114" stroke-width="46"/>
      <path d="M -200 30 Q 0 -40 200 30 L 120 90 Q 0 60 -120 90 Z" fill="#18191c"/>
      <circle r="62" fill="#222428"/><circle r="26" fill="#8d939b"/>
    </g>
    <rect x="360" y="560" width="140" height="70" rx="30" fill="#0d0e10"/>
    <circle cx="400" cy="595" r="26" fill="#1e3b55" stroke="#5b84a8" stroke-width="4"/>
    <circle cx="462" cy="595" r="26" fill="#1e3b55" stroke="#5b84a8" stroke-width="4"/>
    <path d="M1120 1067 Q1130 820 1260 780 Q1420 760 1470 880 L1500 1067 Z" fill="${leather}"/>
    <path d="M1160 1067 Q1170 860 1270 830" stroke="#000" stroke-opacity="0.25" stroke-width="6" fill="none"/>
    <path d="M880 1067 L900 800 Q930 760 980 770 L1040 1067 Z" fill="#17181b"/>
  </svg>`;
}
