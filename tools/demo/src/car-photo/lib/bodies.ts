/**
 * Body-type geometry. Everything is in metres in "car space":
 * x runs from the rear bumper (0) to the front bumper (length), y is up from the ground,
 * z is across the car (the camera side is chosen at render time).
 *
 * Each body type is described by two side-profile outlines (lower body and glasshouse),
 * drawn with Béziers, plus a few styling parameters for lights, windows and trim.
 */
import { Outline, type Vec2, v2 } from './math';

export type BodyType = 'sedan' | 'suv' | 'truck' | 'coupe' | 'convertible' | 'hatchback' | 'wagon' | 'van';

export interface PillarCut {
  /** x position of the pillar centre at belt height. */
  x: number;
  /** Pillar width (m). */
  width: number;
  /** Horizontal shift per metre of height (negative leans the top rearwards). */
  slant: number;
}

export interface GlassZone {
  /** Max |v| (strip cross parameter) covered by the glass. */
  vMax: number;
  yMin: number;
  yMax: number;
}

export interface FrontStyle {
  headTop: number;
  headBottom: number;
  headInner: number;
  headOuter: number;
  grilleTop: number;
  grilleBottom: number;
  grilleHalf: number;
  grilleBars: number;
  intakeTop: number;
  intakeBottom: number;
  intakeHalf: number;
}

export interface RearStyle {
  tailTop: number;
  tailBottom: number;
  tailInner: number;
  /** Vertical tail lamps (trucks, vans) instead of horizontal clusters. */
  vertical: boolean;
  plateY: number;
  exhaust: boolean;
  lightBar: boolean;
}

export interface BodySpec {
  type: BodyType;
  length: number;
  halfWidth: number;
  height: number;
  wheelRadius: number;
  rimRatio: number;
  tireWidth: number;
  axles: readonly [number, number];
  archRadius: number;
  archLift: number;
  sill: number;
  belt: number;
  lower: Vec2[];
  greenhouse: Vec2[];
  /** Inward lean of the glasshouse sides (m per m of height). */
  tumble: number;
  /** Step between body side and glasshouse side at the belt (m). */
  ledge: number;
  rounding: { top: number; end: number; bottom: number; arch: number };
  crown: { top: number; end: number };
  endRound: { front: number; rear: number; minFactor: number };
  pillars: PillarCut[];
  sideWindows: boolean;
  seams: Vec2[][];
  handles: Vec2[];
  openTop: { x0: number; x1: number; kind: 'cabin' | 'bed' } | null;
  frontGlass: GlassZone;
  rearGlass: GlassZone;
  front: FrontStyle;
  rear: RearStyle;
  cladding: boolean;
  roofRails: boolean;
  mirrorX: number;
  /** x of front seat backs (for convertibles). */
  seatX: number;
}

const LOWER_SAMPLES = 140;
const GREENHOUSE_SAMPLES = 84;

interface BottomParams {
  axles: readonly [number, number];
  r: number;
  ra: number;
  lift: number;
  sill: number;
}

/** Appends the underside from the front bumper to the rear bumper, cutting both wheel arches. */
function bottomWithArches(o: Outline, p: BottomParams): Outline {
  const cy = p.r + p.lift;
  const a = (Math.asin(Math.max(-0.9, Math.min(0.9, (p.sill - cy) / p.ra))) * 180) / Math.PI;
  const [xr, xf] = p.axles;
  const edge = (x: number): number => x + p.ra * Math.cos((a * Math.PI) / 180);
  o.line(edge(xf) + 0.04, p.sill);
  o.line(edge(xf), p.sill);
  o.arc(xf, cy, p.ra, a, 180 - a);
  o.line(edge(xr), p.sill);
  o.arc(xr, cy, p.ra, a, 180 - a);
  o.line(xr - p.ra - 0.05, p.sill + 0.01);
  return o;
}

/** Door seams as polylines on the lower body side. */
function doorSeam(xBottom: number, yBottom: number, xTop: number, yTop: number): Vec2[] {
  return [v2(xBottom, yBottom), v2((xBottom + xTop) / 2 + 0.005, (yBottom + yTop) / 2), v2(xTop, yTop)];
}

const BASE_ROUNDING = { top: 0.1, end: 0.26, bottom: 0.12, arch: 0.035 };

function sedan(): BodySpec {
  const axles = [1.06, 3.9] as const;
  const r = 0.335;
  const ra = 0.385;
  const sill = 0.24;
  const lower = new Outline(0.3, 0.31)
    .cubic(0.12, 0.31, 0.02, 0.36, 0.01, 0.5)
    .cubic(0.0, 0.68, 0.02, 0.84, 0.07, 0.95)
    .cubic(0.1, 1.01, 0.18, 1.04, 0.32, 1.045)
    .cubic(0.7, 1.05, 1.1, 1.04, 1.4, 1.035)
    .line(3.45, 1.0)
    .cubic(3.9, 0.985, 4.35, 0.94, 4.62, 0.87)
    .cubic(4.76, 0.83, 4.83, 0.76, 4.85, 0.64)
    .cubic(4.87, 0.5, 4.85, 0.38, 4.78, 0.31)
    .cubic(4.73, 0.26, 4.62, 0.245, 4.5, 0.245);
  bottomWithArches(lower, { axles, r, ra, lift: 0.02, sill });
  const gh = new Outline(1.15, 0.98)
    .line(1.25, 1.035)
    .cubic(1.5, 1.17, 1.72, 1.34, 1.98, 1.425)
    .cubic(2.25, 1.475, 2.85, 1.48, 3.12, 1.425)
    .cubic(3.28, 1.38, 3.45, 1.22, 3.62, 1.03)
    .line(3.7, 0.98);
  return {
    type: 'sedan',
    length: 4.86,
    halfWidth: 0.925,
    height: 1.48,
    wheelRadius: r,
    rimRatio: 0.71,
    tireWidth: 0.235,
    axles,
    archRadius: ra,
    archLift: 0.02,
    sill,
    belt: 1.0,
    lower: lower.sample(LOWER_SAMPLES),
    greenhouse: gh.sample(GREENHOUSE_SAMPLES),
    tumble: 0.32,
    ledge: 0.05,
    rounding: BASE_ROUNDING,
    crown: { top: 0.035, end: 0.09 },
    endRound: { front: 0.7, rear: 0.6, minFactor: 0.8 },
    pillars: [{ x: 2.5, width: 0.1, slant: -0.12 }],
    sideWindows: true,
    seams: [doorSeam(3.42, sill + 0.06, 3.56, 1.0), doorSeam(2.47, sill + 0.06, 2.47, 1.02), doorSeam(1.5, 0.72, 1.5, 1.03)],
    handles: [v2(3.1, 0.9), v2(2.1, 0.91)],
    openTop: null,
    frontGlass: { vMax: 0.72, yMin: 1.04, yMax: 1.4 },
    rearGlass: { vMax: 0.7, yMin: 1.05, yMax: 1.4 },
    front: {
      headTop: 0.79,
      headBottom: 0.68,
      headInner: 0.4,
      headOuter: 0.97,
      grilleTop: 0.69,
      grilleBottom: 0.47,
      grilleHalf: 0.36,
      grilleBars: 4,
      intakeTop: 0.4,
      intakeBottom: 0.31,
      intakeHalf: 0.55,
    },
    rear: { tailTop: 0.95, tailBottom: 0.84, tailInner: 0.45, vertical: false, plateY: 0.66, exhaust: true, lightBar: false },
    cladding: false,
    roofRails: false,
    mirrorX: 3.5,
    seatX: 2.3,
  };
}

function coupe(): BodySpec {
  const axles = [1.0, 3.68] as const;
  const r = 0.345;
  const ra = 0.395;
  const sill = 0.22;
  const lower = new Outline(0.28, 0.3)
    .cubic(0.1, 0.3, 0.02, 0.36, 0.01, 0.5)
    .cubic(0.0, 0.68, 0.03, 0.85, 0.1, 0.95)
    .cubic(0.14, 1.0, 0.22, 1.02, 0.34, 1.02)
    .cubic(0.7, 1.02, 1.0, 1.0, 1.3, 0.99)
    .line(3.2, 0.955)
    .cubic(3.7, 0.94, 4.2, 0.88, 4.45, 0.8)
    .cubic(4.56, 0.77, 4.61, 0.7, 4.62, 0.6)
    .cubic(4.63, 0.46, 4.61, 0.35, 4.55, 0.29)
    .cubic(4.5, 0.24, 4.4, 0.225, 4.3, 0.225);
  bottomWithArches(lower, { axles, r, ra, lift: 0.02, sill });
  const gh = new Outline(0.75, 0.96)
    .line(0.85, 1.0)
    .cubic(1.2, 1.08, 1.7, 1.26, 2.05, 1.325)
    .cubic(2.3, 1.36, 2.65, 1.355, 2.85, 1.3)
    .cubic(2.98, 1.26, 3.15, 1.12, 3.35, 0.99)
    .line(3.42, 0.94);
  return {
    type: 'coupe',
    length: 4.62,
    halfWidth: 0.935,
    height: 1.36,
    wheelRadius: r,
    rimRatio: 0.75,
    tireWidth: 0.255,
    axles,
    archRadius: ra,
    archLift: 0.02,
    sill,
    belt: 0.97,
    lower: lower.sample(LOWER_SAMPLES),
    greenhouse: gh.sample(GREENHOUSE_SAMPLES),
    tumble: 0.42,
    ledge: 0.07,
    rounding: { ...BASE_ROUNDING, top: 0.12 },
    crown: { top: 0.035, end: 0.1 },
    endRound: { front: 0.75, rear: 0.6, minFactor: 0.78 },
    pillars: [{ x: 1.72, width: 0.1, slant: -0.9 }],
    sideWindows: true,
    seams: [doorSeam(3.2, sill + 0.06, 3.33, 0.97), doorSeam(1.95, sill + 0.1, 1.9, 0.99)],
    handles: [v2(2.15, 0.88)],
    openTop: null,
    frontGlass: { vMax: 0.72, yMin: 1.0, yMax: 1.28 },
    rearGlass: { vMax: 0.66, yMin: 1.02, yMax: 1.3 },
    front: {
      headTop: 0.74,
      headBottom: 0.66,
      headInner: 0.46,
      headOuter: 0.97,
      grilleTop: 0.6,
      grilleBottom: 0.4,
      grilleHalf: 0.42,
      grilleBars: 6,
      intakeTop: 0.37,
      intakeBottom: 0.28,
      intakeHalf: 0.7,
    },
    rear: { tailTop: 0.94, tailBottom: 0.86, tailInner: 0.2, vertical: false, plateY: 0.64, exhaust: true, lightBar: true },
    cladding: false,
    roofRails: false,
    mirrorX: 3.28,
    seatX: 2.2,
  };
}

function convertible(): BodySpec {
  const base = coupe();
  const gh = new Outline(2.86, 0.93)
    .line(2.87, 1.22)
    .cubic(2.88, 1.27, 2.93, 1.29, 2.99, 1.285)
    .line(3.4, 1.0)
    .line(3.46, 0.93);
  return {
    ...base,
    type: 'convertible',
    height: 1.29,
    greenhouse: gh.sample(GREENHOUSE_SAMPLES),
    tumble: 0.2,
    pillars: [],
    sideWindows: true,
    openTop: { x0: 1.2, x1: 2.86, kind: 'cabin' },
    frontGlass: { vMax: 0.74, yMin: 0.99, yMax: 1.25 },
    rearGlass: { vMax: 0, yMin: 9, yMax: 9 },
    seatX: 2.05,
  };
}

function hatchback(): BodySpec {
  const axles = [0.8, 3.42] as const;
  const r = 0.32;
  const ra = 0.37;
  const sill = 0.23;
  const lower = new Outline(0.25, 0.32)
    .cubic(0.1, 0.32, 0.03, 0.38, 0.02, 0.5)
    .cubic(0.01, 0.7, 0.03, 0.88, 0.07, 0.98)
    .cubic(0.09, 1.02, 0.12, 1.03, 0.16, 1.03)
    .line(2.95, 0.99)
    .cubic(3.3, 0.975, 3.75, 0.93, 3.98, 0.86)
    .cubic(4.1, 0.82, 4.18, 0.75, 4.2, 0.64)
    .cubic(4.21, 0.5, 4.19, 0.38, 4.13, 0.31)
    .cubic(4.08, 0.26, 3.98, 0.245, 3.88, 0.245);
  bottomWithArches(lower, { axles, r, ra, lift: 0.02, sill });
  const gh = new Outline(0.12, 0.98)
    .line(0.14, 1.03)
    .cubic(0.26, 1.2, 0.38, 1.34, 0.58, 1.415)
    .cubic(0.9, 1.49, 1.7, 1.5, 2.05, 1.455)
    .cubic(2.3, 1.41, 2.62, 1.2, 2.92, 1.02)
    .line(3.0, 0.97);
  return {
    type: 'hatchback',
    length: 4.2,
    halfWidth: 0.895,
    height: 1.5,
    wheelRadius: r,
    rimRatio: 0.68,
    tireWidth: 0.215,
    axles,
    archRadius: ra,
    archLift: 0.02,
    sill,
    belt: 1.0,
    lower: lower.sample(LOWER_SAMPLES),
    greenhouse: gh.sample(GREENHOUSE_SAMPLES),
    tumble: 0.3,
    ledge: 0.05,
    rounding: BASE_ROUNDING,
    crown: { top: 0.03, end: 0.08 },
    endRound: { front: 0.65, rear: 0.45, minFactor: 0.8 },
    pillars: [
      { x: 1.98, width: 0.1, slant: -0.1 },
      { x: 0.72, width: 0.5, slant: 0.45 },
    ],
    sideWindows: true,
    seams: [doorSeam(2.97, sill + 0.06, 3.08, 0.99), doorSeam(1.95, sill + 0.06, 1.95, 1.0), doorSeam(1.05, 0.68, 0.95, 1.01)],
    handles: [v2(2.68, 0.9), v2(1.6, 0.91)],
    openTop: null,
    frontGlass: { vMax: 0.72, yMin: 1.04, yMax: 1.42 },
    rearGlass: { vMax: 0.62, yMin: 1.08, yMax: 1.4 },
    front: {
      headTop: 0.8,
      headBottom: 0.7,
      headInner: 0.42,
      headOuter: 0.97,
      grilleTop: 0.68,
      grilleBottom: 0.6,
      grilleHalf: 0.4,
      grilleBars: 1,
      intakeTop: 0.48,
      intakeBottom: 0.31,
      intakeHalf: 0.5,
    },
    rear: { tailTop: 1.0, tailBottom: 0.86, tailInner: 0.62, vertical: false, plateY: 0.74, exhaust: false, lightBar: false },
    cladding: false,
    roofRails: false,
    mirrorX: 3.0,
    seatX: 2.0,
  };
}

function wagon(): BodySpec {
  const base = sedan();
  const axles = [1.05, 3.92] as const;
  const r = 0.34;
  const ra = 0.39;
  const sill = 0.24;
  const lower = new Outline(0.26, 0.32)
    .cubic(0.1, 0.32, 0.03, 0.38, 0.02, 0.5)
    .cubic(0.01, 0.72, 0.03, 0.9, 0.07, 0.99)
    .cubic(0.09, 1.03, 0.12, 1.04, 0.16, 1.04)
    .line(3.47, 1.0)
    .cubic(3.92, 0.985, 4.37, 0.94, 4.64, 0.87)
    .cubic(4.78, 0.83, 4.85, 0.76, 4.87, 0.64)
    .cubic(4.89, 0.5, 4.87, 0.38, 4.8, 0.31)
    .cubic(4.75, 0.26, 4.64, 0.245, 4.52, 0.245);
  bottomWithArches(lower, { axles, r, ra, lift: 0.02, sill });
  const gh = new Outline(0.11, 0.98)
    .line(0.13, 1.04)
    .cubic(0.19, 1.2, 0.27, 1.36, 0.46, 1.43)
    .cubic(0.8, 1.47, 2.6, 1.48, 3.14, 1.425)
    .cubic(3.3, 1.38, 3.47, 1.22, 3.64, 1.03)
    .line(3.72, 0.98);
  return {
    ...base,
    type: 'wagon',
    length: 4.89,
    axles,
    wheelRadius: r,
    archRadius: ra,
    lower: lower.sample(LOWER_SAMPLES),
    greenhouse: gh.sample(GREENHOUSE_SAMPLES),
    pillars: [
      { x: 2.52, width: 0.1, slant: -0.1 },
      { x: 1.42, width: 0.11, slant: 0.05 },
    ],
    seams: [doorSeam(3.44, sill + 0.06, 3.58, 1.0), doorSeam(2.49, sill + 0.06, 2.49, 1.02), doorSeam(1.52, 0.73, 1.45, 1.03)],
    handles: [v2(3.12, 0.9), v2(2.12, 0.91)],
    rearGlass: { vMax: 0.64, yMin: 1.08, yMax: 1.38 },
    rear: { tailTop: 1.0, tailBottom: 0.88, tailInner: 0.55, vertical: false, plateY: 0.72, exhaust: true, lightBar: false },
    endRound: { front: 0.7, rear: 0.45, minFactor: 0.82 },
    roofRails: true,
    mirrorX: 3.52,
  };
}

function suv(): BodySpec {
  const axles = [1.02, 3.86] as const;
  const r = 0.39;
  const ra = 0.445;
  const sill = 0.42;
  const lower = new Outline(0.3, 0.5)
    .cubic(0.12, 0.5, 0.03, 0.56, 0.02, 0.7)
    .cubic(0.01, 0.9, 0.03, 1.08, 0.07, 1.2)
    .cubic(0.09, 1.24, 0.12, 1.25, 0.16, 1.25)
    .line(3.4, 1.21)
    .cubic(3.8, 1.2, 4.35, 1.17, 4.62, 1.12)
    .cubic(4.72, 1.1, 4.78, 1.04, 4.79, 0.96)
    .cubic(4.8, 0.8, 4.8, 0.62, 4.74, 0.52)
    .cubic(4.7, 0.47, 4.6, 0.45, 4.5, 0.45);
  bottomWithArches(lower, { axles, r, ra, lift: 0.03, sill });
  const gh = new Outline(0.12, 1.19)
    .line(0.14, 1.25)
    .cubic(0.18, 1.42, 0.24, 1.62, 0.38, 1.735)
    .cubic(0.6, 1.79, 2.8, 1.8, 3.15, 1.76)
    .cubic(3.3, 1.72, 3.5, 1.5, 3.68, 1.26)
    .line(3.74, 1.2);
  return {
    type: 'suv',
    length: 4.8,
    halfWidth: 0.965,
    height: 1.8,
    wheelRadius: r,
    rimRatio: 0.66,
    tireWidth: 0.255,
    axles,
    archRadius: ra,
    archLift: 0.03,
    sill,
    belt: 1.22,
    lower: lower.sample(LOWER_SAMPLES),
    greenhouse: gh.sample(GREENHOUSE_SAMPLES),
    tumble: 0.22,
    ledge: 0.05,
    rounding: { top: 0.1, end: 0.24, bottom: 0.1, arch: 0.035 },
    crown: { top: 0.03, end: 0.08 },
    endRound: { front: 0.65, rear: 0.45, minFactor: 0.84 },
    pillars: [
      { x: 2.52, width: 0.1, slant: -0.05 },
      { x: 1.45, width: 0.12, slant: 0.06 },
    ],
    sideWindows: true,
    seams: [doorSeam(3.38, sill + 0.1, 3.5, 1.21), doorSeam(2.48, sill + 0.06, 2.48, 1.22), doorSeam(1.55, 0.92, 1.5, 1.23)],
    handles: [v2(3.12, 1.1), v2(2.12, 1.11)],
    openTop: null,
    frontGlass: { vMax: 0.72, yMin: 1.27, yMax: 1.72 },
    rearGlass: { vMax: 0.64, yMin: 1.32, yMax: 1.68 },
    front: {
      headTop: 1.06,
      headBottom: 0.96,
      headInner: 0.44,
      headOuter: 0.97,
      grilleTop: 1.02,
      grilleBottom: 0.72,
      grilleHalf: 0.42,
      grilleBars: 5,
      intakeTop: 0.64,
      intakeBottom: 0.5,
      intakeHalf: 0.55,
    },
    rear: { tailTop: 1.2, tailBottom: 1.06, tailInner: 0.62, vertical: false, plateY: 0.9, exhaust: false, lightBar: false },
    cladding: true,
    roofRails: true,
    mirrorX: 3.56,
    seatX: 2.3,
  };
}

function truck(): BodySpec {
  const axles = [1.2, 4.9] as const;
  const r = 0.41;
  const ra = 0.475;
  const sill = 0.52;
  const lower = new Outline(0.22, 0.62)
    .cubic(0.08, 0.62, 0.02, 0.66, 0.02, 0.75)
    .line(0.02, 1.3)
    .cubic(0.02, 1.33, 0.04, 1.35, 0.08, 1.35)
    .line(2.28, 1.35)
    .line(4.2, 1.33)
    .cubic(4.6, 1.33, 5.3, 1.31, 5.68, 1.27)
    .cubic(5.78, 1.25, 5.82, 1.2, 5.83, 1.12)
    .cubic(5.85, 0.95, 5.85, 0.7, 5.78, 0.58)
    .cubic(5.74, 0.52, 5.64, 0.5, 5.55, 0.5);
  bottomWithArches(lower, { axles, r, ra, lift: 0.03, sill });
  const gh = new Outline(2.34, 1.29)
    .line(2.35, 1.8)
    .cubic(2.36, 1.88, 2.4, 1.925, 2.52, 1.93)
    .cubic(3.0, 1.95, 3.6, 1.95, 3.92, 1.9)
    .cubic(4.05, 1.85, 4.2, 1.62, 4.36, 1.36)
    .line(4.42, 1.29);
  return {
    type: 'truck',
    length: 5.85,
    halfWidth: 1.0,
    height: 1.95,
    wheelRadius: r,
    rimRatio: 0.6,
    tireWidth: 0.275,
    axles,
    archRadius: ra,
    archLift: 0.03,
    sill,
    belt: 1.33,
    lower: lower.sample(LOWER_SAMPLES + 20),
    greenhouse: gh.sample(GREENHOUSE_SAMPLES),
    tumble: 0.16,
    ledge: 0.06,
    rounding: { top: 0.07, end: 0.16, bottom: 0.08, arch: 0.035 },
    crown: { top: 0.025, end: 0.05 },
    endRound: { front: 0.55, rear: 0.2, minFactor: 0.9 },
    pillars: [{ x: 3.32, width: 0.11, slant: -0.02 }],
    sideWindows: true,
    seams: [
      doorSeam(4.22, sill + 0.12, 4.32, 1.33),
      doorSeam(3.3, sill + 0.06, 3.3, 1.33),
      doorSeam(2.38, sill + 0.06, 2.37, 1.33),
      doorSeam(2.3, sill + 0.12, 2.3, 1.35),
    ],
    handles: [v2(3.98, 1.2), v2(3.06, 1.2), v2(0.3, 1.18)],
    openTop: { x0: 0.1, x1: 2.24, kind: 'bed' },
    frontGlass: { vMax: 0.72, yMin: 1.38, yMax: 1.86 },
    rearGlass: { vMax: 0.55, yMin: 1.45, yMax: 1.8 },
    front: {
      headTop: 1.2,
      headBottom: 1.06,
      headInner: 0.5,
      headOuter: 0.96,
      grilleTop: 1.2,
      grilleBottom: 0.8,
      grilleHalf: 0.48,
      grilleBars: 4,
      intakeTop: 0.72,
      intakeBottom: 0.58,
      intakeHalf: 0.6,
    },
    rear: { tailTop: 1.26, tailBottom: 0.88, tailInner: 0.86, vertical: true, plateY: 0.78, exhaust: false, lightBar: false },
    cladding: true,
    roofRails: false,
    mirrorX: 4.3,
    seatX: 3.1,
  };
}

function van(): BodySpec {
  const axles = [1.0, 4.05] as const;
  const r = 0.35;
  const ra = 0.4;
  const sill = 0.28;
  const lower = new Outline(0.28, 0.36)
    .cubic(0.1, 0.36, 0.03, 0.42, 0.02, 0.55)
    .cubic(0.01, 0.8, 0.03, 1.0, 0.06, 1.1)
    .cubic(0.08, 1.13, 0.1, 1.135, 0.13, 1.135)
    .line(4.3, 1.07)
    .cubic(4.6, 1.04, 4.9, 0.98, 5.05, 0.9)
    .cubic(5.12, 0.86, 5.15, 0.8, 5.15, 0.7)
    .cubic(5.15, 0.55, 5.13, 0.42, 5.07, 0.35)
    .cubic(5.02, 0.3, 4.92, 0.28, 4.82, 0.28);
  bottomWithArches(lower, { axles, r, ra, lift: 0.02, sill });
  const gh = new Outline(0.1, 1.07)
    .line(0.12, 1.13)
    .cubic(0.14, 1.35, 0.18, 1.62, 0.32, 1.74)
    .cubic(0.6, 1.79, 3.2, 1.8, 3.55, 1.745)
    .cubic(3.75, 1.69, 4.05, 1.39, 4.36, 1.08)
    .line(4.42, 1.03);
  return {
    type: 'van',
    length: 5.15,
    halfWidth: 0.995,
    height: 1.8,
    wheelRadius: r,
    rimRatio: 0.66,
    tireWidth: 0.235,
    axles,
    archRadius: ra,
    archLift: 0.02,
    sill,
    belt: 1.1,
    lower: lower.sample(LOWER_SAMPLES),
    greenhouse: gh.sample(GREENHOUSE_SAMPLES),
    tumble: 0.2,
    ledge: 0.04,
    rounding: { top: 0.1, end: 0.24, bottom: 0.1, arch: 0.035 },
    crown: { top: 0.03, end: 0.08 },
    endRound: { front: 0.6, rear: 0.4, minFactor: 0.84 },
    pillars: [
      { x: 3.42, width: 0.1, slant: 0.08 },
      { x: 2.2, width: 0.1, slant: 0.0 },
    ],
    sideWindows: true,
    seams: [
      doorSeam(3.6, sill + 0.06, 3.82, 1.06),
      doorSeam(3.38, sill + 0.06, 3.38, 1.08),
      doorSeam(2.16, sill + 0.08, 2.16, 1.09),
      [v2(1.1, 0.98), v2(2.16, 0.98)],
    ],
    handles: [v2(3.55, 0.98), v2(2.3, 0.99)],
    openTop: null,
    frontGlass: { vMax: 0.72, yMin: 1.12, yMax: 1.7 },
    rearGlass: { vMax: 0.66, yMin: 1.2, yMax: 1.68 },
    front: {
      headTop: 0.9,
      headBottom: 0.78,
      headInner: 0.42,
      headOuter: 0.97,
      grilleTop: 0.76,
      grilleBottom: 0.6,
      grilleHalf: 0.4,
      grilleBars: 3,
      intakeTop: 0.52,
      intakeBottom: 0.36,
      intakeHalf: 0.55,
    },
    rear: { tailTop: 1.12, tailBottom: 0.8, tailInner: 0.84, vertical: true, plateY: 0.8, exhaust: false, lightBar: false },
    cladding: false,
    roofRails: true,
    mirrorX: 4.2,
    seatX: 3.3,
  };
}

const BUILDERS: Record<BodyType, () => BodySpec> = {
  sedan,
  suv,
  truck,
  coupe,
  convertible,
  hatchback,
  wagon,
  van,
};

const ALIASES: Record<string, BodyType> = {
  sedan: 'sedan',
  saloon: 'sedan',
  suv: 'suv',
  crossover: 'suv',
  truck: 'truck',
  pickup: 'truck',
  coupe: 'coupe',
  sports: 'coupe',
  convertible: 'convertible',
  cabriolet: 'convertible',
  roadster: 'convertible',
  hatchback: 'hatchback',
  hatch: 'hatchback',
  wagon: 'wagon',
  estate: 'wagon',
  van: 'van',
  minivan: 'van',
  mpv: 'van',
};

export const BODY_TYPES: readonly BodyType[] = Object.keys(BUILDERS) as BodyType[];

/** Normalise a free-form body type string (e.g. "Minivan", "pickup") to one we can draw. */
export function normaliseBodyType(bodyType: string): BodyType {
  const key = bodyType.trim().toLowerCase().replace(/[^a-z]/g, '');
  return ALIASES[key] ?? 'sedan';
}

const cache = new Map<BodyType, BodySpec>();

export function bodySpec(bodyType: string): BodySpec {
  const type = normaliseBodyType(bodyType);
  let spec = cache.get(type);
  if (!spec) {
    spec = BUILDERS[type]();
    cache.set(type, spec);
  }
  return spec;
}
