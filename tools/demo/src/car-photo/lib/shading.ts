/** Physically-inspired (but cheap) shading for car materials under a backdrop's lighting. */
import type { Lighting } from './backdrop';
import type { Camera } from './camera';
import { type Paint, type RGB, add, mix, mul, scale } from './color';
import { type Vec3, clamp, dot3, reflect3 } from './math';

export type Material = 'paint' | 'glass' | 'trim' | 'chrome' | 'interior' | 'cover' | 'underbody';

export interface ShadeContext {
  camera: Camera;
  light: Lighting;
  paint: Paint;
  interior: RGB;
}

function ambient(light: Lighting, n: Vec3): RGB {
  return mix(light.groundAmbient, light.skyAmbient, 0.5 + 0.5 * n.y);
}

function fresnel(cosT: number, f0: number): number {
  return f0 + (1 - f0) * Math.pow(1 - clamp(cosT, 0, 1), 5);
}

interface Surface {
  base: RGB;
  /** Share of the environment reflected at normal incidence. */
  f0: number;
  /** Max reflection at grazing angles. */
  fMax: number;
  /** Tint reflections by the base colour (metals). */
  metalTint: number;
  /** Diffuse weight. */
  diffuse: number;
}

function surfaceFor(material: Material, ctx: ShadeContext): Surface {
  switch (material) {
    case 'paint':
      return { base: ctx.paint.base, f0: 0.05 + 0.05 * ctx.paint.metallic, fMax: 0.75, metalTint: ctx.paint.metallic * 0.5, diffuse: 1 };
    case 'glass':
      return { base: [0.012, 0.014, 0.018], f0: 0.09, fMax: 0.9, metalTint: 0, diffuse: 1 };
    case 'trim':
      return { base: [0.018, 0.018, 0.02], f0: 0.03, fMax: 0.35, metalTint: 0, diffuse: 1 };
    case 'chrome':
      return { base: [0.55, 0.56, 0.58], f0: 0.65, fMax: 0.95, metalTint: 0.6, diffuse: 0.2 };
    case 'interior':
      return { base: ctx.interior, f0: 0.02, fMax: 0.15, metalTint: 0, diffuse: 0.9 };
    case 'cover':
      return { base: [0.02, 0.02, 0.022], f0: 0.02, fMax: 0.12, metalTint: 0, diffuse: 1 };
    case 'underbody':
      return { base: [0.01, 0.01, 0.011], f0: 0.0, fMax: 0.0, metalTint: 0, diffuse: 0.5 };
  }
}

/** Linear RGB colour of a surface point p with outward normal n. */
export function shade(material: Material, p: Vec3, n: Vec3, ctx: ShadeContext): RGB {
  const s = surfaceFor(material, ctx);
  const view = ctx.camera.viewDir(p);
  const cosT = -dot3(view, n);
  const r = reflect3(view, n);
  const env = ctx.light.env(r);
  const k = Math.min(s.fMax, fresnel(cosT, s.f0));
  const lambert = Math.max(0, dot3(n, ctx.light.key));
  const diffuseLight = add(ambient(ctx.light, n), scale(ctx.light.keyColor, lambert * 0.8));
  const diffuse = scale(mul(s.base, diffuseLight), s.diffuse);
  const peak = Math.max(s.base[0], s.base[1], s.base[2], 1e-4);
  const hue: RGB = [s.base[0] / peak, s.base[1] / peak, s.base[2] / peak];
  const reflTint = mix([1, 1, 1], hue, s.metalTint);
  const refl = mul(env, reflTint);
  return add(scale(diffuse, 1 - k), scale(refl, k));
}
