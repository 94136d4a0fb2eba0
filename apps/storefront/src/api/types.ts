import type { ListingStatus } from '@app/shared';

/** A listing as the public vehicle endpoints answer it (SPEC.md section 3, without the internal fields). */
export interface Vehicle {
  id: number;
  make: string;
  model: string;
  year: number;
  trim: string | null;
  mileage: number;
  price: number;
  condition: string;
  bodyType: string | null;
  fuelType: string | null;
  transmission: string | null;
  drivetrain: string | null;
  exteriorColor: string | null;
  interiorColor: string | null;
  color: string | null;
  description: string | null;
  features: string[];
  images: string[];
  coverPhotoIndex: number;
  location: string;
  zipCode: string;
  engine: string | null;
  mpgCity: number | null;
  mpgHighway: number | null;
  status: ListingStatus;
  views: number;
  isFeatured: boolean;
  createdAt: string;
  updatedAt: string;
  distanceMiles?: number;
}

export interface FacetCount {
  value: string;
  label: string;
  count: number;
}

export interface SearchFacets {
  make: FacetCount[];
  bodyType: FacetCount[];
  fuelType: FacetCount[];
}

export interface VehicleSearchResult {
  vehicles: Vehicle[];
  total: number;
  facets?: SearchFacets;
}
