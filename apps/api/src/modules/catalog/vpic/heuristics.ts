/**
 * Text heuristics on model / trim names ("xDrive30i", "Hybrid", "Cabriolet").
 * Each returns null when the text says nothing about the attribute.
 */
import type { BodyType, Drivetrain, FuelType, Transmission } from '@app/shared';

const AWD =
  /\b(awd|all[- ]wheel[- ]drive|xdrive\d*\w*|4[- ]?matic\+?|quattro|4motion|sh-awd|all4|q4|e-four|symmetrical awd|\d+xi|dual motor|tri motor|quad motor)\b|\b4M\b|-4M\b/i;
const FOUR_WD = /\b(4wd|4x4|four[- ]wheel[- ]drive|4[- ]?wheel drive)\b/i;
const FWD = /\b(fwd|front[- ]wheel[- ]drive)\b/i;
const RWD = /\b(rwd|rear[- ]wheel[- ]drive|sdrive\d*\w*|4x2)\b/i;
const TWO_WD = /\b2wd\b/i;

const OFF_ROAD_BODIES: ReadonlySet<BodyType> = new Set(['truck', 'suv', 'van']);

/**
 * Drive markers in a trim / series / model string. Body-dependent markers:
 * "4WD" on a car (Porsche "Carrera 4 (4WD)") is AWD; "2WD" is RWD on trucks
 * and vans and says nothing for other bodies (FWD crossover or RWD sports car).
 */
export function drivetrainFromText(text: string | null | undefined, bodyType?: BodyType | null): Drivetrain | null {
  if (!text) return null;
  if (FOUR_WD.test(text)) return bodyType && !OFF_ROAD_BODIES.has(bodyType) ? 'awd' : '4wd';
  if (AWD.test(text)) return 'awd';
  if (FWD.test(text)) return 'fwd';
  if (RWD.test(text)) return 'rwd';
  if (TWO_WD.test(text) && (bodyType === 'truck' || bodyType === 'van')) return 'rwd';
  return null;
}

const PLUG_IN = /\b(plug-?in|phev|4xe|e-hybrid|recharge|prime|energi|\d{3}e|t8)\b/i;
const ELECTRIC = /\b(ev|bev|electric|e-tron|lightning|mach-e|eqs?|eqe|eqb|eqc|ioniq [56]|ev\d|bz4x|bz|ariya|leaf|taycan|id\.?\s?4|lyriq|hummer ev|prologue|zdx|blazer ev|equinox ev|silverado ev)\b/i;
const HYBRID = /\b(hybrid|hev|e:hev)\b/i;
const DIESEL = /\b(diesel|tdi|bluetec|crd|ecodiesel|duramax|power ?stroke|cummins|\d{3}d|xdrive\d{2}d)\b/i;

/** Fuel markers ("Hybrid", "4xe", "TDI", "EV") in a model or trim name. */
export function fuelTypeFromText(text: string | null | undefined): FuelType | null {
  if (!text) return null;
  if (PLUG_IN.test(text)) return 'plug-in-hybrid';
  if (HYBRID.test(text)) return 'hybrid';
  if (DIESEL.test(text)) return 'diesel';
  if (ELECTRIC.test(text)) return 'electric';
  return null;
}

const BODY_MARKERS: ReadonlyArray<[RegExp, BodyType]> = [
  [/\b(convertible|cabrio(let)?|roadster|spyder|spider|volante|drophead)\b/i, 'convertible'],
  [/\b(coupe|coup\u00e9)\b/i, 'coupe'],
  [/\b(wagon|avant|estate|sportwagen|shooting brake)\b/i, 'wagon'],
  [/\b(hatchback|sportback|liftback|5-door)\b/i, 'hatchback'],
  [/\b(sedan|saloon)\b/i, 'sedan'],
  [/\b(crew ?cab|crewmax|double cab|quad cab|supercrew|supercab|regular cab|extended cab|king cab|access cab)\b/i, 'truck'],
  [/\b(cargo van|passenger van|high roof|low roof)\b/i, 'van'],
];

/** Body markers in a trim ("Cabriolet", "Avant", "Crew Cab"). */
export function bodyTypeFromText(text: string | null | undefined): BodyType | null {
  if (!text) return null;
  const hit = BODY_MARKERS.find(([pattern]) => pattern.test(text));
  return hit ? hit[1] : null;
}

/** Transmission markers in a trim ("6MT", "Manual", "CVT", "8-speed auto"). */
export function transmissionFromText(text: string | null | undefined): Transmission | null {
  if (!text) return null;
  if (/\b(manual|\d?\s?mt|stick)\b/i.test(text)) return 'manual';
  if (/\bcvt\b/i.test(text)) return 'cvt';
  if (/\b7[- ]?speed\b.*\b(dct|dual[- ]clutch|pdk|dsg)\b|\b(dct|pdk|dsg)7\b/i.test(text)) return '7-speed-dual-clutch';
  if (/\b8[- ]?speed\b.*\bauto(matic)?\b|\b8at\b/i.test(text)) return '8-speed-automatic';
  if (/\b(automatic|auto|\d?at|dct|dual[- ]clutch|pdk|dsg)\b/i.test(text)) return 'automatic';
  return null;
}

const SPORT_TRIM =
  /\b(sport|s[- ]line|m sport|amg|rs ?\d?|type[- ][rs]|srt\w*|ss|gt|gts|gti|gt-line|gt line|st|sti|si|trd|nismo|f sport|v-series|blackwing|r\/t|scat pack|hellcat|demon|shelby|performance|competition|track|turbo s|gt[234]\w*|gt3 rs|m\d{3}[a-z]*|m\d|trackhawk|trx|raptor|zl1|z06|z28|zr1|1le|n line|gr|svr|svj|mach 1|boss|r-line|abarth|nurburgring|red sport|black badge)\b/i;
const PERFORMANCE_MODEL =
  /^(m\d|m\d{3}\w*|rs ?\d|rs q\d|rs e-tron gt|s\d|sq\d|amg gt|sls|slr|gt-r|nsx|viper|corvette|camaro|mustang|challenger|charger|wrx|brz|gr86|86|supra|gr corolla|mx-5|miata|z4|911|718|cayman|boxster|f-type|type r|tt ?rs|r8|huracan|aventador|ssr)$/i;

/** Sport or performance trims ("M Sport", "AMG", "Type R", "Z06", "Scat Pack"). */
export function isSportTrim(trim: string | null | undefined): boolean {
  return !!trim && SPORT_TRIM.test(trim);
}

/** Models that are performance cars whatever the trim ("M3", "RS 5", "Corvette"). */
export function isPerformanceModel(model: string | null | undefined): boolean {
  return !!model && PERFORMANCE_MODEL.test(model.trim());
}
