import { useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  OwnerVehicle,
  PublicVehicle,
  GeneratedFeatures,
  GeneratedSpecs,
  VehicleInputDto,
  VinDecodeResult,
} from '@app/shared';
import { isApiErrorStatus } from '@app/shared';
import { api } from './client';
import { queryKeys } from './queries';

/**
 * The seller's calls (SPEC.md section 7): their listings, one listing as its owner sees it, create, edit,
 * delete, the catalog's models and trims, VIN decoding and spec/feature generation.
 */

export { isOwnerVehicle } from '@app/shared';
export type { OwnerVehicle, PublicVehicle };

export type ListingPayload = { [K in keyof VehicleInputDto]: VehicleInputDto[K] };

export const sellerKeys = {
  mine: ['user', 'vehicles'] as const,
  owned: (id: number) => ['vehicles', 'owned', id] as const,
  trims: (make: string, model: string) => ['catalog', 'trims', make, model] as const,
  modelDetails: (make: string) => ['catalog', 'model-details', make] as const,
};

/** GET /api/user/vehicles: the signed-in user's listings, every status, newest first. */
export function useMyVehicles(enabled = true) {
  return useQuery({
    queryKey: sellerKeys.mine,
    queryFn: () => api.json('/api/user/vehicles'),
    enabled,
  });
}

/** GET /api/desk/my-listings: the desk's progress on each of the seller's listings (counts only, no buyer's details). */
export function useListingProgress(enabled = true) {
  return useQuery({
    queryKey: [...sellerKeys.mine, 'desk-progress'],
    queryFn: () => api.json('/api/desk/my-listings'),
    enabled,
  });
}

export function useDeleteVehicle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.request(`/api/vehicles/${id}`, { method: 'DELETE' }),
    onSuccess: async (_, id) => {
      client.removeQueries({ queryKey: queryKeys.vehicle(id) });
      client.removeQueries({ queryKey: sellerKeys.owned(id) });
      await client.invalidateQueries({ queryKey: sellerKeys.mine });
    },
  });
}

/** One listing for the edit form: null when it does not exist or is not the user's to see. */
export function useOwnedVehicle(id: number) {
  return useQuery({
    queryKey: sellerKeys.owned(id),
    enabled: Number.isInteger(id) && id > 0,
    queryFn: async () => {
      try {
        return await api.json(`/api/vehicles/${id}`);
      } catch (error) {
        if (isApiErrorStatus(error, 400, 401, 403, 404)) return null;
        throw error;
      }
    },
  });
}

/**
 * POST /api/vehicles or PUT /api/vehicles/{id}; the user's listings and the listing's caches are refreshed. A
 * new listing is sent with an Idempotency-Key that stays the same until it is created, so a submission
 * retried after a lost answer (or sent twice) makes one listing.
 */
export function useSaveListing(id: number | null) {
  const client = useQueryClient();
  const submission = useRef(crypto.randomUUID());
  return useMutation({
    mutationFn: (payload: ListingPayload) =>
      id
        ? api.json(`/api/vehicles/${id}`, { method: 'PUT', json: payload })
        : api.json('/api/vehicles', { method: 'POST', json: payload, headers: { 'Idempotency-Key': submission.current } }),
    onSuccess: async (saved) => {
      submission.current = crypto.randomUUID();
      client.setQueryData(sellerKeys.owned(saved.id), saved);
      client.removeQueries({ queryKey: queryKeys.vehicle(saved.id) });
      client.removeQueries({ queryKey: queryKeys.priceHistory(saved.id) });
      await client.invalidateQueries({ queryKey: sellerKeys.mine });
    },
  });
}

/** POST /api/vehicles/{id}/sold: a live listing is sold, optionally with its price (public only if agreed). */
export function useMarkSold() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; soldPrice?: number; showSoldPrice?: boolean }) =>
      api.post(`/api/vehicles/${id}/sold`, body),
    onSuccess: async (saved) => {
      client.setQueryData(sellerKeys.owned(saved.id), saved);
      client.removeQueries({ queryKey: queryKeys.vehicle(saved.id) });
      await client.invalidateQueries({ queryKey: sellerKeys.mine });
    },
  });
}

/** Models of one make with their known body, fuel and drive (GET /api/catalog/makes/{make}/models). */
export function useCatalogModels(make: string) {
  return useQuery({
    queryKey: sellerKeys.modelDetails(make),
    enabled: make !== '',
    queryFn: () => api.json(`/api/catalog/makes/${encodeURIComponent(make)}/models`).catch(() => []),
  });
}

/** Trims of one model; none for an unknown make or model. */
export function useCatalogTrims(make: string, model: string) {
  return useQuery({
    queryKey: sellerKeys.trims(make, model),
    enabled: make !== '' && model !== '',
    queryFn: () =>
      api.json(`/api/catalog/makes/${encodeURIComponent(make)}/models/${encodeURIComponent(model)}/trims`).catch(() => []),
  });
}

export function decodeVin(vin: string): Promise<VinDecodeResult> {
  return api.json(`/api/vehicles/vin/${encodeURIComponent(vin)}`);
}

export function generateSpecs(input: { make: string; model: string; year: number; trim?: string; vin?: string }): Promise<GeneratedSpecs> {
  return api.json('/api/vehicles/specs/generate', { method: 'POST', json: input });
}

export function generateFeatures(input: {
  make: string;
  model: string;
  year: number;
  trim?: string;
  bodyType?: string;
  fuelType?: string;
  vehicleDescription: string;
}): Promise<GeneratedFeatures> {
  return api.json('/api/vehicles/features/generate', { method: 'POST', json: input });
}

/** What the listing form asks the market value of (VehicleMarketDto), or null while it is incomplete. */
export interface MarketValueQuestion {
  make: string;
  model: string;
  year: number;
  mileage: number;
  condition: string;
  bodyType?: string;
}

/** GET /api/vehicles/market-value: the market model's estimate beside the price field (asked once the car is described). */
export function useMarketValue(question: MarketValueQuestion | null) {
  return useQuery({
    queryKey: ['vehicles', 'market-value', question] as const,
    enabled: question !== null,
    staleTime: 5 * 60_000,
    queryFn: () => {
      const q = question!;
      const params = new URLSearchParams({ make: q.make, model: q.model, year: String(q.year), mileage: String(q.mileage), condition: q.condition });
      if (q.bodyType) params.set('bodyType', q.bodyType);
      return api.json(`/api/vehicles/market-value?${params.toString()}`);
    },
  });
}
