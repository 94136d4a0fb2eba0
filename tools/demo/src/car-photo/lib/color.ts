/** Colour utilities. Shading maths is done in linear RGB, output is sRGB hex. */

export type RGB = readonly [number, number, number];

export interface Paint {
  /** Base colour in linear RGB. */
  base: RGB;
  /** 0 = solid paint, 1 = strongly metallic (sharper, brighter reflections). */
  metallic: number;
}

const NAMED_PAINTS: Record<string, { hex: string; metallic: number }> = {
  black: { hex: '#0b0c0f', metallic: 0.35 },
  white: { hex: '#ecedea', metallic: 0.05 },
  silver: { hex: '#a9aeb5', metallic: 0.85 },
  gray: { hex: '#4f545b', metallic: 0.6 },
  grey: { hex: '#4f545b', metallic: 0.6 },
  red: { hex: '#a0121b', metallic: 0.25 },
  blue: { hex: '#1c3f8c', metallic: 0.45 },
  green: { hex: '#24503a', metallic: 0.45 },
  brown: { hex: '#4c3021', metallic: 0.45 },
  beige: { hex: '#c4b08c', metallic: 0.2 },
  gold: { hex: '#b08d45', metallic: 0.7 },
  orange: { hex: '#d0561a', metallic: 0.2 },
  yellow: { hex: '#e0b41c', metallic: 0.15 },
  purple: { hex: '#4a2a6b', metallic: 0.5 },
};

export function srgbToLinear(c: number): number {
  return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
}

export function linearToSrgb(c: number): number {
  const v = Math.min(1, Math.max(0, c));
  return v <= 0.0031308 ? v * 12.92 : 1.055 * Math.pow(v, 1 / 2.4) - 0.055;
}

export function hexToLinear(hex: string): RGB | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m || m[1] === undefined) return null;
  let h = m[1];
  if (h.length === 3) h = h.split('').map((ch) => ch + ch).join('');
  const n = parseInt(h, 16);
  return [srgbToLinear(((n >> 16) & 255) / 255), srgbToLinear(((n >> 8) & 255) / 255), srgbToLinear((n & 255) / 255)];
}

/** Resolve one of our colour names (or a hex string) to a paint. Unknown names fall back to silver. */
export function resolvePaint(color: string): Paint {
  const key = color.trim().toLowerCase();
  const named = NAMED_PAINTS[key];
  if (named) return { base: hexToLinear(named.hex) as RGB, metallic: named.metallic };
  const parsed = hexToLinear(key);
  if (parsed) return { base: parsed, metallic: 0.4 };
  const silver = NAMED_PAINTS['silver'] as { hex: string; metallic: number };
  return { base: hexToLinear(silver.hex) as RGB, metallic: silver.metallic };
}

/** Soft shoulder tone map so bright reflections roll off instead of clipping hard. */
function toneMap(c: number): number {
  if (c <= 0.8) return c;
  return 0.8 + 0.2 * (1 - Math.exp(-(c - 0.8) * 5));
}

/** sRGB hex. `step` > 1 quantises channels (used to merge near-identical facets into one path). */
export function toHex(c: RGB, step = 1): string {
  const ch = (v: number): string => {
    const raw = linearToSrgb(toneMap(Math.max(0, v))) * 255;
    const s = Math.min(255, Math.round(raw / step) * step);
    return s.toString(16).padStart(2, '0');
  };
  return `#${ch(c[0])}${ch(c[1])}${ch(c[2])}`;
}

export function rgb(hex: string): RGB {
  return hexToLinear(hex) ?? [0.5, 0.5, 0.5];
}

export function mix(a: RGB, b: RGB, t: number): RGB {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

export function scale(a: RGB, k: number): RGB {
  return [a[0] * k, a[1] * k, a[2] * k];
}

export function add(a: RGB, b: RGB): RGB {
  return [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
}

export function mul(a: RGB, b: RGB): RGB {
  return [a[0] * b[0], a[1] * b[1], a[2] * b[2]];
}

export function luminance(c: RGB): number {
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}
