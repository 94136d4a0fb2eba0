/**
 * Side profiles of the demo photos, in a 1000×420 drawing space (ground at y≈400). Each shape gives the
 * lower body outline, the window area, pillar and handle positions, and where wheels and lights sit.
 */
export interface BodyShape {
  body: string;
  glass: string;
  pillars: number[];
  doorHandles: [number, number];
  roofY: number;
  beltY: number;
  glassFrom: number;
  wheelY: number;
  wheelR: number;
  frontWheelX: number;
  rearWheelX: number;
  noseX: number;
  tailX: number;
  lightY: number;
}

interface Profile {
  /** x of nose and tail, y of the sill, belt line, hood and deck, the roof line. */
  nose: number;
  tail: number;
  sill: number;
  belt: number;
  hood: number;
  deck: number;
  roof: number;
  /** Where the windshield starts and the roof starts/ends and the rear glass ends. */
  cowl: number;
  roofStart: number;
  roofEnd: number;
  rearGlassEnd: number;
  wheelR: number;
  frontWheel: number;
  rearWheel: number;
  /** Truck bed: the cab ends here and the bed runs to the tail at belt height. */
  cabEnd?: number;
}

function build(p: Profile): BodyShape {
  const wheelY = 400 - p.wheelR;
  const arch = (x: number) => `L ${x + p.wheelR + 14} ${p.sill} A ${p.wheelR + 14} ${p.wheelR + 14} 0 0 0 ${x - p.wheelR - 14} ${p.sill}`;
  const upperEnd = p.cabEnd ?? p.rearGlassEnd;
  const body = [
    `M ${p.nose} ${p.sill - 30}`,
    `Q ${p.nose - 8} ${p.hood + 10} ${p.nose + 30} ${p.hood}`,
    `L ${p.cowl} ${p.hood - 12}`,
    `L ${p.roofStart} ${p.roof}`,
    `Q ${(p.roofStart + p.roofEnd) / 2} ${p.roof - 8} ${p.roofEnd} ${p.roof}`,
    `L ${upperEnd} ${p.cabEnd ? p.belt - 4 : p.deck}`,
    p.cabEnd ? `L ${p.cabEnd} ${p.belt - 4} L ${p.tail - 6} ${p.belt - 6}` : `L ${p.tail - 30} ${p.deck + 4}`,
    `Q ${p.tail + 6} ${p.deck + 12} ${p.tail} ${p.sill - 30}`,
    `L ${p.tail - 10} ${p.sill}`,
    arch(p.rearWheel),
    arch(p.frontWheel),
    `L ${p.nose + 12} ${p.sill}`,
    'Z',
  ].join(' ');
  const inset = 14;
  const glassEnd = p.cabEnd ? p.cabEnd - 18 : p.rearGlassEnd - 22;
  const glass = [
    `M ${p.cowl + 22} ${p.belt}`,
    `L ${p.roofStart + 10} ${p.roof + inset}`,
    `L ${p.roofEnd - 8} ${p.roof + inset}`,
    `L ${glassEnd} ${p.belt}`,
    'Z',
  ].join(' ');
  const span = glassEnd - (p.cowl + 22);
  return {
    body,
    glass,
    pillars: p.roofEnd - p.roofStart > 320 ? [p.cowl + 22 + span * 0.42, p.cowl + 22 + span * 0.74] : [p.cowl + 22 + span * 0.55],
    doorHandles: [p.cowl + 22 + span * 0.3, p.cowl + 22 + span * 0.62],
    roofY: p.roof + inset,
    beltY: p.belt,
    glassFrom: p.cowl + 22,
    wheelY,
    wheelR: p.wheelR,
    frontWheelX: p.frontWheel,
    rearWheelX: p.rearWheel,
    noseX: p.nose + 30,
    tailX: p.tail - 34,
    lightY: p.hood + 18,
  };
}

export const BODY_SHAPES = {
  sedan: build({ nose: 30, tail: 970, sill: 350, belt: 230, hood: 222, deck: 210, roof: 118, cowl: 330, roofStart: 440, roofEnd: 660, rearGlassEnd: 800, wheelR: 58, frontWheel: 190, rearWheel: 790 }),
  coupe: build({ nose: 30, tail: 970, sill: 352, belt: 236, hood: 232, deck: 220, roof: 140, cowl: 340, roofStart: 470, roofEnd: 620, rearGlassEnd: 820, wheelR: 60, frontWheel: 195, rearWheel: 790 }),
  convertible: build({ nose: 30, tail: 970, sill: 352, belt: 236, hood: 232, deck: 224, roof: 196, cowl: 360, roofStart: 420, roofEnd: 430, rearGlassEnd: 450, wheelR: 60, frontWheel: 195, rearWheel: 790 }),
  hatchback: build({ nose: 60, tail: 920, sill: 350, belt: 226, hood: 216, deck: 190, roof: 104, cowl: 320, roofStart: 430, roofEnd: 760, rearGlassEnd: 880, wheelR: 56, frontWheel: 205, rearWheel: 760 }),
  wagon: build({ nose: 30, tail: 970, sill: 348, belt: 224, hood: 218, deck: 176, roof: 110, cowl: 330, roofStart: 440, roofEnd: 860, rearGlassEnd: 950, wheelR: 58, frontWheel: 190, rearWheel: 800 }),
  suv: build({ nose: 30, tail: 970, sill: 320, belt: 196, hood: 184, deck: 150, roof: 66, cowl: 300, roofStart: 410, roofEnd: 870, rearGlassEnd: 955, wheelR: 70, frontWheel: 200, rearWheel: 800 }),
  truck: build({ nose: 20, tail: 985, sill: 316, belt: 196, hood: 180, deck: 196, roof: 70, cowl: 290, roofStart: 390, roofEnd: 560, rearGlassEnd: 600, cabEnd: 600, wheelR: 72, frontWheel: 190, rearWheel: 815 }),
  van: build({ nose: 40, tail: 965, sill: 330, belt: 210, hood: 206, deck: 150, roof: 62, cowl: 250, roofStart: 370, roofEnd: 900, rearGlassEnd: 960, wheelR: 62, frontWheel: 185, rearWheel: 800 }),
} satisfies Record<string, BodyShape>;
