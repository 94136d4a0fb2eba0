import type { BodyType, Color, Drivetrain, FuelType, Transmission } from '@app/shared';

/** A model the demo listings are drawn from: real specifications, typical used prices. */
export interface DemoModel {
  make: string;
  model: string;
  trims: string[];
  years: [number, number];
  bodyType: BodyType;
  fuelType: FuelType;
  transmission: Transmission;
  drivetrain: Drivetrain;
  engine: string;
  mpg: [number, number] | null;
  /** Asking price of a 3-year-old example with average miles. */
  basePrice: number;
  colors: Color[];
  /** World manufacturer identifier + vehicle descriptor prefix for plausible VINs. */
  vinPrefix: string;
  luxury: boolean;
  /** Where a trim differs from the model's usual specification (a Carrera 4S drives all four wheels). */
  trimSpecs?: Record<string, TrimSpecs>;
}

export type TrimSpecs = Partial<Pick<DemoModel, 'drivetrain' | 'fuelType' | 'engine' | 'mpg' | 'transmission'>>;

/** The specification of one trim of a model: the model's, with the trim's own differences. */
export function specsOf(model: DemoModel, trim: string): Required<TrimSpecs> {
  const own = model.trimSpecs?.[trim] ?? {};
  return {
    drivetrain: own.drivetrain ?? model.drivetrain,
    fuelType: own.fuelType ?? model.fuelType,
    engine: own.engine ?? model.engine,
    mpg: own.mpg !== undefined ? own.mpg : model.mpg,
    transmission: own.transmission ?? model.transmission,
  };
}

export const DEMO_MODELS: DemoModel[] = [
  { make: 'BMW', model: 'X5', trims: ['xDrive40i', 'sDrive40i', 'M60i'], years: [2019, 2024], bodyType: 'suv', fuelType: 'premium-gasoline', transmission: '8-speed-automatic', drivetrain: 'awd', engine: '3.0L I6 Turbo', mpg: [21, 26], basePrice: 52900, colors: ['black', 'white', 'blue', 'gray'], vinPrefix: '5UXCR6C0', luxury: true, trimSpecs: { sDrive40i: { drivetrain: 'rwd' }, M60i: { engine: '4.4L V8 Twin-Turbo', mpg: [16, 22] } } },
  { make: 'BMW', model: '3 Series', trims: ['330i', '330i xDrive', 'M340i'], years: [2019, 2024], bodyType: 'sedan', fuelType: 'premium-gasoline', transmission: '8-speed-automatic', drivetrain: 'rwd', engine: '2.0L I4 Turbo', mpg: [26, 36], basePrice: 33900, colors: ['white', 'black', 'blue', 'silver'], vinPrefix: '3MW5R1J0', luxury: true, trimSpecs: { '330i xDrive': { drivetrain: 'awd' }, M340i: { engine: '3.0L I6 Turbo', mpg: [23, 32] } } },
  { make: 'Mercedes-Benz', model: 'GLE', trims: ['GLE 350 4MATIC', 'GLE 450 4MATIC', 'AMG GLE 53'], years: [2020, 2024], bodyType: 'suv', fuelType: 'premium-gasoline', transmission: 'automatic', drivetrain: 'all-wheel-drive', engine: '2.0L I4 Turbo', mpg: [19, 24], basePrice: 54900, colors: ['black', 'silver', 'white', 'gray'], vinPrefix: '4JGFB4KB', luxury: true, trimSpecs: { 'GLE 450 4MATIC': { engine: '3.0L I6 Turbo' }, 'AMG GLE 53': { engine: '3.0L I6 Turbo' } } },
  { make: 'Mercedes-Benz', model: 'C-Class', trims: ['C 300', 'C 300 4MATIC', 'AMG C 43'], years: [2019, 2024], bodyType: '4-door-sedan', fuelType: 'premium-gasoline', transmission: 'automatic', drivetrain: 'rwd', engine: '2.0L I4 Turbo', mpg: [23, 33], basePrice: 36900, colors: ['white', 'black', 'gray', 'silver'], vinPrefix: 'W1KAF4GB', luxury: true, trimSpecs: { 'C 300 4MATIC': { drivetrain: 'all-wheel-drive' }, 'AMG C 43': { drivetrain: 'all-wheel-drive', engine: '3.0L V6 Biturbo', mpg: [19, 27] } } },
  { make: 'Lexus', model: 'RX', trims: ['RX 350', 'RX 350 F SPORT', 'RX 450h'], years: [2018, 2024], bodyType: 'suv', fuelType: 'gasoline', transmission: '8-speed-automatic', drivetrain: 'awd', engine: '3.5L V6', mpg: [20, 27], basePrice: 44900, colors: ['white', 'silver', 'black', 'red'], vinPrefix: '2T2BZMCA', luxury: true, trimSpecs: { 'RX 450h': { fuelType: 'hybrid', engine: '3.5L V6 Hybrid', transmission: 'cvt', mpg: [29, 28] } } },
  { make: 'Lexus', model: 'ES', trims: ['ES 350', 'ES 300h', 'ES 350 F SPORT'], years: [2019, 2024], bodyType: 'sedan', fuelType: 'hybrid', transmission: 'cvt', drivetrain: 'fwd', engine: '2.5L I4 Hybrid', mpg: [43, 44], basePrice: 37900, colors: ['silver', 'white', 'gray', 'black'], vinPrefix: '58ADA1C1', luxury: true, trimSpecs: { 'ES 350': { fuelType: 'gasoline', engine: '3.5L V6', transmission: '8-speed-automatic', mpg: [22, 32] }, 'ES 350 F SPORT': { fuelType: 'gasoline', engine: '3.5L V6', transmission: '8-speed-automatic', mpg: [22, 32] } } },
  { make: 'Porsche', model: '911', trims: ['Carrera', 'Carrera S', 'Carrera 4S'], years: [2017, 2023], bodyType: 'coupe', fuelType: 'premium-gasoline', transmission: '7-speed-dual-clutch', drivetrain: 'rear-wheel-drive', engine: '3.0L H6 Twin-Turbo', mpg: [18, 24], basePrice: 109900, colors: ['silver', 'black', 'white', 'red'], vinPrefix: 'WP0AB2A9', luxury: true, trimSpecs: { 'Carrera 4S': { drivetrain: 'all-wheel-drive' } } },
  { make: 'Porsche', model: 'Cayenne', trims: ['Base', 'S', 'GTS'], years: [2019, 2024], bodyType: 'suv', fuelType: 'premium-gasoline', transmission: '8-speed-automatic', drivetrain: 'awd', engine: '3.0L V6 Turbo', mpg: [17, 22], basePrice: 68900, colors: ['black', 'white', 'gray', 'blue'], vinPrefix: 'WP1AA2AY', luxury: true },
  { make: 'Land Rover', model: 'Range Rover Sport', trims: ['SE', 'HSE Dynamic', 'Autobiography'], years: [2018, 2024], bodyType: 'suv', fuelType: 'premium-gasoline', transmission: '8-speed-automatic', drivetrain: '4wd', engine: '3.0L I6 Turbo MHEV', mpg: [19, 24], basePrice: 72900, colors: ['black', 'white', 'gray', 'green'], vinPrefix: 'SALWR2SU', luxury: true },
  { make: 'Land Rover', model: 'Defender', trims: ['110 S', '110 SE', '90 X-Dynamic'], years: [2020, 2024], bodyType: 'suv', fuelType: 'premium-gasoline', transmission: '8-speed-automatic', drivetrain: '4wd', engine: '2.0L I4 Turbo', mpg: [17, 22], basePrice: 61900, colors: ['green', 'gray', 'white', 'black'], vinPrefix: 'SALEK7RX', luxury: true },
  { make: 'Chevrolet', model: 'Corvette', trims: ['Stingray 1LT', 'Stingray 2LT', 'Stingray 3LT'], years: [2020, 2024], bodyType: 'coupe', fuelType: 'premium-gasoline', transmission: '8-speed-automatic', drivetrain: 'rwd', engine: '6.2L V8', mpg: [16, 24], basePrice: 69900, colors: ['red', 'black', 'white', 'blue'], vinPrefix: '1G1YA2D4', luxury: true },
  { make: 'Chevrolet', model: 'Silverado 1500', trims: ['LT', 'RST', 'LTZ'], years: [2019, 2024], bodyType: 'truck', fuelType: 'gasoline', transmission: 'automatic', drivetrain: '4wd', engine: '5.3L V8', mpg: [16, 20], basePrice: 42900, colors: ['black', 'white', 'silver', 'red'], vinPrefix: '3GCUYDED', luxury: false },
  { make: 'Toyota', model: 'Camry', trims: ['LE', 'SE', 'XSE'], years: [2018, 2024], bodyType: 'sedan', fuelType: 'gasoline', transmission: 'automatic', drivetrain: 'fwd', engine: '2.5L I4', mpg: [28, 39], basePrice: 24900, colors: ['white', 'silver', 'gray', 'blue'], vinPrefix: '4T1B11HK', luxury: false },
  { make: 'Toyota', model: 'RAV4', trims: ['LE', 'XLE', 'XLE Premium', 'Hybrid XSE'], years: [2019, 2024], bodyType: 'suv', fuelType: 'hybrid', transmission: 'cvt', drivetrain: 'awd', engine: '2.5L I4 Hybrid', mpg: [41, 38], basePrice: 29900, colors: ['white', 'blue', 'gray', 'silver'], vinPrefix: '2T3RWRFV', luxury: false, trimSpecs: { LE: { fuelType: 'gasoline', engine: '2.5L I4', transmission: '8-speed-automatic', mpg: [27, 35] }, XLE: { fuelType: 'gasoline', engine: '2.5L I4', transmission: '8-speed-automatic', mpg: [27, 35] }, 'XLE Premium': { fuelType: 'gasoline', engine: '2.5L I4', transmission: '8-speed-automatic', mpg: [27, 35] } } },
  { make: 'Toyota', model: 'Tacoma', trims: ['SR5', 'TRD Off-Road', 'Limited'], years: [2018, 2023], bodyType: 'truck', fuelType: 'gasoline', transmission: 'automatic', drivetrain: '4wd', engine: '3.5L V6', mpg: [18, 22], basePrice: 33900, colors: ['gray', 'white', 'black', 'red'], vinPrefix: '3TMCZ5AN', luxury: false },
  { make: 'Honda', model: 'Accord', trims: ['LX', 'Sport', 'EX-L', 'Touring'], years: [2018, 2024], bodyType: 'sedan', fuelType: 'gasoline', transmission: 'cvt', drivetrain: 'fwd', engine: '1.5L I4 Turbo', mpg: [29, 37], basePrice: 25900, colors: ['white', 'black', 'gray', 'blue'], vinPrefix: '1HGCV1F3', luxury: false },
  { make: 'Honda', model: 'CR-V', trims: ['EX', 'EX-L', 'Touring'], years: [2018, 2024], bodyType: 'suv', fuelType: 'gasoline', transmission: 'cvt', drivetrain: 'awd', engine: '1.5L I4 Turbo', mpg: [27, 32], basePrice: 27900, colors: ['white', 'silver', 'blue', 'black'], vinPrefix: '7FARW2H8', luxury: false },
  { make: 'Honda', model: 'Odyssey', trims: ['EX', 'EX-L', 'Elite'], years: [2018, 2024], bodyType: 'minivan', fuelType: 'gasoline', transmission: 'automatic', drivetrain: 'fwd', engine: '3.5L V6', mpg: [19, 28], basePrice: 31900, colors: ['white', 'silver', 'gray', 'blue'], vinPrefix: '5FNRL6H7', luxury: false },
  { make: 'Ford', model: 'F-150', trims: ['XLT', 'Lariat', 'Platinum'], years: [2018, 2024], bodyType: 'truck', fuelType: 'gasoline', transmission: 'automatic', drivetrain: '4wd', engine: '3.5L V6 EcoBoost', mpg: [18, 24], basePrice: 44900, colors: ['blue', 'black', 'white', 'gray'], vinPrefix: '1FTFW1E8', luxury: false },
  { make: 'Ford', model: 'Mustang', trims: ['EcoBoost Premium', 'GT', 'GT Premium'], years: [2018, 2024], bodyType: 'convertible', fuelType: 'premium-gasoline', transmission: 'automatic', drivetrain: 'rwd', engine: '5.0L V8', mpg: [15, 24], basePrice: 36900, colors: ['red', 'blue', 'black', 'white'], vinPrefix: '1FATP8FF', luxury: false, trimSpecs: { 'EcoBoost Premium': { engine: '2.3L I4 EcoBoost', mpg: [21, 29] } } },
  { make: 'Tesla', model: 'Model 3', trims: ['Standard Range Plus', 'Long Range', 'Performance'], years: [2019, 2024], bodyType: 'sedan', fuelType: 'electric', transmission: 'automatic', drivetrain: 'awd', engine: 'Dual Motor Electric', mpg: null, basePrice: 29900, colors: ['white', 'black', 'blue', 'red'], vinPrefix: '5YJ3E1EB', luxury: false, trimSpecs: { 'Standard Range Plus': { drivetrain: 'rwd', engine: 'Single Motor Electric' } } },
  { make: 'Tesla', model: 'Model Y', trims: ['Long Range', 'Performance'], years: [2020, 2024], bodyType: 'suv', fuelType: 'electric', transmission: 'automatic', drivetrain: 'awd', engine: 'Dual Motor Electric', mpg: null, basePrice: 34900, colors: ['white', 'gray', 'black', 'blue'], vinPrefix: '7SAYGDEE', luxury: false },
  { make: 'Audi', model: 'Q5', trims: ['Premium 45 TFSI', 'Premium Plus', 'Prestige'], years: [2018, 2024], bodyType: 'suv', fuelType: 'premium-gasoline', transmission: '7-speed-dual-clutch', drivetrain: 'all-wheel-drive', engine: '2.0L I4 Turbo', mpg: [23, 28], basePrice: 36900, colors: ['gray', 'white', 'black', 'blue'], vinPrefix: 'WA1BNAFY', luxury: true },
  { make: 'Audi', model: 'A4', trims: ['Premium 40 TFSI', 'Premium Plus 45', 'S4 Premium Plus'], years: [2018, 2024], bodyType: 'sedan', fuelType: 'premium-gasoline', transmission: '7-speed-dual-clutch', drivetrain: 'awd', engine: '2.0L I4 Turbo', mpg: [24, 31], basePrice: 31900, colors: ['white', 'gray', 'black', 'blue'], vinPrefix: 'WAUDAAF4', luxury: true, trimSpecs: { 'S4 Premium Plus': { engine: '3.0L V6 Turbo', transmission: '8-speed-automatic', mpg: [20, 28] } } },
  { make: 'Jeep', model: 'Wrangler', trims: ['Sport', 'Sahara', 'Rubicon'], years: [2018, 2024], bodyType: 'suv', fuelType: 'gasoline', transmission: 'automatic', drivetrain: '4wd', engine: '3.6L V6', mpg: [17, 23], basePrice: 36900, colors: ['black', 'green', 'red', 'white'], vinPrefix: '1C4HJXEG', luxury: false },
  { make: 'Ram', model: '1500', trims: ['Big Horn', 'Laramie', 'Limited'], years: [2019, 2024], bodyType: 'truck', fuelType: 'gasoline', transmission: '8-speed-automatic', drivetrain: '4wd', engine: '5.7L V8 HEMI', mpg: [17, 22], basePrice: 41900, colors: ['black', 'white', 'gray', 'red'], vinPrefix: '1C6SRFFT', luxury: false },
  { make: 'Cadillac', model: 'Escalade', trims: ['Luxury', 'Premium Luxury', 'Sport Platinum'], years: [2019, 2024], bodyType: 'suv', fuelType: 'premium-gasoline', transmission: 'automatic', drivetrain: '4wd', engine: '6.2L V8', mpg: [14, 19], basePrice: 79900, colors: ['black', 'white', 'gray', 'silver'], vinPrefix: '1GYS4BKL', luxury: true },
  { make: 'Volvo', model: 'XC90', trims: ['T6 Momentum', 'T6 Inscription', 'T8 Recharge'], years: [2018, 2024], bodyType: 'suv', fuelType: 'plug-in-hybrid', transmission: '8-speed-automatic', drivetrain: 'awd', engine: '2.0L I4 Turbo PHEV', mpg: [27, 27], basePrice: 44900, colors: ['white', 'black', 'gray', 'blue'], vinPrefix: 'YV4BR0CZ', luxury: true, trimSpecs: { 'T6 Momentum': { fuelType: 'premium-gasoline', engine: '2.0L I4 Turbo/Supercharged', mpg: [19, 26] }, 'T6 Inscription': { fuelType: 'premium-gasoline', engine: '2.0L I4 Turbo/Supercharged', mpg: [19, 26] } } },
  { make: 'Subaru', model: 'Outback', trims: ['Premium', 'Limited', 'Onyx Edition XT'], years: [2019, 2024], bodyType: 'wagon', fuelType: 'gasoline', transmission: 'cvt', drivetrain: 'awd', engine: '2.5L H4', mpg: [26, 33], basePrice: 27900, colors: ['green', 'blue', 'gray', 'white'], vinPrefix: '4S4BTAND', luxury: false },
  { make: 'Volkswagen', model: 'Golf GTI', trims: ['S', 'SE', 'Autobahn'], years: [2018, 2024], bodyType: '5-door-hatchback', fuelType: 'premium-gasoline', transmission: 'manual', drivetrain: 'fwd', engine: '2.0L I4 Turbo', mpg: [24, 32], basePrice: 26900, colors: ['red', 'white', 'gray', 'blue'], vinPrefix: '3VW6T7AU', luxury: false },
  { make: 'Mazda', model: 'MX-5 Miata', trims: ['Sport', 'Club', 'Grand Touring'], years: [2017, 2024], bodyType: 'convertible', fuelType: 'gasoline', transmission: 'manual', drivetrain: 'rwd', engine: '2.0L I4', mpg: [26, 34], basePrice: 24900, colors: ['red', 'white', 'gray', 'blue'], vinPrefix: 'JM1NDAB7', luxury: false },
  { make: 'Nissan', model: 'Rogue', trims: ['S', 'SV', 'Platinum'], years: [2019, 2024], bodyType: 'suv', fuelType: 'gasoline', transmission: 'cvt', drivetrain: 'awd', engine: '1.5L I3 Turbo', mpg: [28, 35], basePrice: 22900, colors: ['silver', 'white', 'blue', 'black'], vinPrefix: '5N1BT3BB', luxury: false },
  { make: 'Hyundai', model: 'Tucson', trims: ['SEL', 'N Line', 'Limited'], years: [2020, 2024], bodyType: 'suv', fuelType: 'gasoline', transmission: 'automatic', drivetrain: 'awd', engine: '2.5L I4', mpg: [24, 29], basePrice: 24900, colors: ['gray', 'white', 'blue', 'red'], vinPrefix: '5NMJFCAE', luxury: false },
  { make: 'Kia', model: 'Telluride', trims: ['EX', 'SX', 'SX Prestige'], years: [2020, 2024], bodyType: 'suv', fuelType: 'gasoline', transmission: '8-speed-automatic', drivetrain: 'awd', engine: '3.8L V6', mpg: [18, 24], basePrice: 38900, colors: ['green', 'gray', 'white', 'black'], vinPrefix: '5XYP5DHC', luxury: false },
  { make: 'Genesis', model: 'G80', trims: ['2.5T', '3.5T Sport'], years: [2021, 2024], bodyType: 'sedan', fuelType: 'premium-gasoline', transmission: '8-speed-automatic', drivetrain: 'rwd', engine: '2.5L I4 Turbo', mpg: [23, 32], basePrice: 41900, colors: ['black', 'white', 'gray', 'blue'], vinPrefix: 'KMTGB4SC', luxury: true },
  { make: 'Acura', model: 'MDX', trims: ['Technology', 'A-Spec', 'Advance'], years: [2019, 2024], bodyType: 'suv', fuelType: 'premium-gasoline', transmission: 'automatic', drivetrain: 'awd', engine: '3.5L V6', mpg: [19, 25], basePrice: 39900, colors: ['white', 'black', 'gray', 'red'], vinPrefix: '5J8YE1H4', luxury: true },
];

export const DEMO_PLACES: { location: string; zipCode: string }[] = [
  { location: 'Austin, TX', zipCode: '78701' },
  { location: 'Dallas, TX', zipCode: '75201' },
  { location: 'Houston, TX', zipCode: '77002' },
  { location: 'Miami, FL', zipCode: '33131' },
  { location: 'Orlando, FL', zipCode: '32801' },
  { location: 'Atlanta, GA', zipCode: '30303' },
  { location: 'Charlotte, NC', zipCode: '28202' },
  { location: 'Nashville, TN', zipCode: '37203' },
  { location: 'Chicago, IL', zipCode: '60601' },
  { location: 'Denver, CO', zipCode: '80202' },
  { location: 'Scottsdale, AZ', zipCode: '85251' },
  { location: 'Los Angeles, CA', zipCode: '90012' },
  { location: 'Beverly Hills, CA', zipCode: '90210' },
  { location: 'San Diego, CA', zipCode: '92101' },
  { location: 'Seattle, WA', zipCode: '98101' },
  { location: 'New York, NY', zipCode: '10001' },
  { location: 'Newark, NJ', zipCode: '07102' },
  { location: 'Boston, MA', zipCode: '02108' },
  { location: 'Philadelphia, PA', zipCode: '19103' },
  { location: 'Las Vegas, NV', zipCode: '89101' },
];

export const DEMO_SERVICES = [
  'Full synthetic oil and filter change',
  'Tire rotation and balance',
  'Brake pads and rotors replaced (front)',
  'Cabin and engine air filters replaced',
  'Transmission fluid service',
  '4-wheel alignment',
  'New battery installed',
  'Coolant flush',
];
