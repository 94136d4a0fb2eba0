/** Perspective camera that projects car-space metres into SVG canvas pixels. */
import { type Vec2, type Vec3, cross3, dot3, norm3, sub3, v3 } from './math';

export interface Projected extends Vec2 {
  depth: number;
}

export interface CameraSetup {
  eye: Vec3;
  target: Vec3;
}

export class Camera {
  readonly eye: Vec3;
  private readonly right: Vec3;
  private readonly up: Vec3;
  private readonly fwd: Vec3;
  private scale = 1;
  private offX = 0;
  private offY = 0;
  /** When true, points are mirrored in the ground plane (y -> -y) before projecting. */
  mirrored = false;

  constructor(setup: CameraSetup) {
    this.eye = setup.eye;
    this.fwd = norm3(sub3(setup.target, setup.eye));
    this.right = norm3(cross3(this.fwd, v3(0, 1, 0)));
    this.up = cross3(this.right, this.fwd);
  }

  /** Camera-space coordinates (x right, y up, z forward). */
  private toCamera(p: Vec3): Vec3 {
    const q = this.mirrored ? v3(p.x, -p.y, p.z) : p;
    const d = sub3(q, this.eye);
    return v3(dot3(d, this.right), dot3(d, this.up), dot3(d, this.fwd));
  }

  project(p: Vec3): Projected {
    const c = this.toCamera(p);
    const z = Math.max(c.z, 0.05);
    return { x: this.offX + (this.scale * c.x) / z, y: this.offY - (this.scale * c.y) / z, depth: c.z };
  }

  /** Is a surface with normal n at point p facing the camera? */
  facing(p: Vec3, n: Vec3): boolean {
    const q = this.mirrored ? v3(p.x, -p.y, p.z) : p;
    const nn = this.mirrored ? v3(n.x, -n.y, n.z) : n;
    return dot3(nn, sub3(this.eye, q)) > 0;
  }

  /** Unit view direction from the eye towards p (for reflections). */
  viewDir(p: Vec3): Vec3 {
    return norm3(sub3(p, this.eye));
  }

  /** Scale and offset the projection so `points` fill the box [x0,x1] horizontally with bottom at `bottom`. */
  fit(points: readonly Vec3[], box: { cx: number; width: number; maxHeight: number; bottom: number }): void {
    this.scale = 1;
    this.offX = 0;
    this.offY = 0;
    let minX = Infinity;
    let maxX = -Infinity;
    let minY = Infinity;
    let maxY = -Infinity;
    for (const p of points) {
      const s = this.project(p);
      minX = Math.min(minX, s.x);
      maxX = Math.max(maxX, s.x);
      minY = Math.min(minY, s.y);
      maxY = Math.max(maxY, s.y);
    }
    const k = Math.min(box.width / (maxX - minX), box.maxHeight / (maxY - minY));
    this.scale = k;
    this.offX = box.cx - ((minX + maxX) / 2) * k;
    this.offY = box.bottom - maxY * k;
  }

  /** Screen y of the horizon (eye-level points very far away in the viewing direction). */
  horizonY(): number {
    const far = v3(this.eye.x + this.fwd.x * 1e4, this.eye.y, this.eye.z + this.fwd.z * 1e4);
    const wasMirrored = this.mirrored;
    this.mirrored = false;
    const y = this.project(far).y;
    this.mirrored = wasMirrored;
    return y;
  }
}
