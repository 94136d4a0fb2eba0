import { useEffect, useRef, useState } from 'react';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ApiError, apiUrl, BODY_TYPES, DRIVETRAINS, FUEL_TYPES, LISTING_LIMITS, TRANSMISSIONS, VIN_PATTERN, type VinDecodeResult } from '@app/shared';
import { decodeVin, generateFeatures, generateSpecs, useSaveListing, type ListingPayload } from '../../../api/seller';
import { toast } from '../../../stores/toast';
import { redirectAfterToast } from '../RequireUser';
import { specSlug, type ListingFormValues } from './listing-form-values';
import { addTag } from './TagEditor';
import type { VinDecoder } from './VinDecoder';

/** SPEC.md section 4 and 9: generation delays on a new listing. */
export const FEATURE_GENERATION_DELAY_MS = 1500;
export const SPEC_GENERATION_DELAY_MS = 1000;
export const SPEC_VALIDATION_DELAY_MS = 100;

type ListingForm = UseFormReturn<ListingFormValues, unknown, ListingPayload>;
export type VinState = Parameters<typeof VinDecoder>[0]['state'];

/** The catalog's spelling of a decoded name, when the catalog has it. */
function catalogSpelling(names: readonly string[], value: string): string {
  return names.find((n) => n.toLowerCase() === value.toLowerCase()) ?? value;
}

/**
 * Feature generation: on a new listing, 1.5 s after make, model or year change (all three known), the
 * generated features are merged into the list (never past the limit); a failure is silent (SPEC.md section 8).
 */
export function useFeatureGeneration(form: ListingForm, { isNew, make, model, year }: { isNew: boolean; make: string; model: string; year: string }): void {
  const { getValues, setValue } = form;
  const initial = form.formState.defaultValues;
  const lastKey = useRef(`${initial?.make ?? ''}|${initial?.model ?? ''}|${initial?.year ?? ''}`);
  useEffect(() => {
    const key = `${make}|${model}|${year}`;
    if (!isNew || !make || !model || !year || key === lastKey.current) return;
    const timer = window.setTimeout(() => {
      lastKey.current = key;
      const { trim, bodyType, fuelType } = getValues();
      const description = [year, make, model, trim, bodyType, fuelType].filter(Boolean).join(' ');
      generateFeatures({
        make,
        model,
        year: Number(year),
        trim: trim || undefined,
        bodyType: bodyType || undefined,
        fuelType: fuelType || undefined,
        vehicleDescription: description,
      })
        .then(({ features: generated }) => {
          const merged = generated.reduce<readonly string[]>((list, f) => addTag(list, f), getValues('features')).slice(0, LISTING_LIMITS.maxFeatures);
          setValue('features', [...merged], { shouldDirty: true });
        })
        .catch(() => undefined);
    }, FEATURE_GENERATION_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [isNew, make, model, year, getValues, setValue]);
}

/**
 * Spec generation: on a new listing, 1 s after make, model, trim and year are all chosen, the specs the
 * vocabularies know are filled in, and validated 100 ms later.
 */
export function useSpecGeneration(form: ListingForm, { isNew, make, model, trim, year }: { isNew: boolean; make: string; model: string; trim: string; year: string }): void {
  const { setValue, trigger } = form;
  useEffect(() => {
    if (!isNew || !make || !model || !trim || !year) return;
    let validation: number | undefined;
    const timer = window.setTimeout(() => {
      generateSpecs({ make, model, year: Number(year), trim })
        .then((specs) => {
          const fill: Array<[FieldPath<ListingFormValues>, string, readonly string[]]> = [
            ['bodyType', specSlug(specs.bodyType), BODY_TYPES],
            ['fuelType', specSlug(specs.fuelType), FUEL_TYPES],
            ['transmission', specSlug(specs.transmission), TRANSMISSIONS],
            ['drivetrain', specSlug(specs.drivetrain), DRIVETRAINS],
          ];
          const filled = fill.filter(([, value, allowed]) => value && allowed.includes(value));
          for (const [name, value] of filled) setValue(name, value, { shouldDirty: true });
          validation = window.setTimeout(() => void trigger(filled.map(([name]) => name)), SPEC_VALIDATION_DELAY_MS);
        })
        .catch(() => undefined);
    }, SPEC_GENERATION_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      window.clearTimeout(validation);
    };
  }, [isNew, make, model, trim, year, setValue, trigger]);
}

/** The VIN decoder: decode a whole VIN, then fill the form from the result when the seller applies it. */
export function useVinDecoding(form: ListingForm, makeNames: readonly string[]) {
  const { setValue } = form;
  const [state, setState] = useState<VinState>({ status: 'idle' });

  const decode = (value: string) => {
    const normalized = value.trim().toUpperCase();
    if (!VIN_PATTERN.test(normalized)) return;
    setState({ status: 'loading' });
    decodeVin(normalized)
      .then((result) => setState({ status: 'done', result }))
      .catch(() => setState({ status: 'failed', message: 'The VIN could not be decoded right now. You can fill the details by hand.' }));
  };

  const apply = (result: VinDecodeResult) => {
    const opts = { shouldDirty: true, shouldValidate: true } as const;
    if (result.make) setValue('make', catalogSpelling(makeNames, result.make), opts);
    if (result.model) setValue('model', result.model, opts);
    if (result.year) setValue('year', String(result.year), opts);
    if (result.trim) setValue('trim', result.trim, opts);
    if (result.bodyType) setValue('bodyType', result.bodyType, opts);
    if (result.fuelType) setValue('fuelType', result.fuelType, opts);
    if (result.transmission) setValue('transmission', result.transmission, opts);
    if (result.drivetrain) setValue('drivetrain', result.drivetrain, opts);
    if (result.engine) setValue('engine', result.engine, opts);
    setState({ status: 'idle' });
    toast({ title: 'Vehicle details filled', description: 'Check the values from the VIN before you publish.', variant: 'success' });
  };

  return { state, decode, apply, reset: () => setState({ status: 'idle' }) };
}

/**
 * Publishing: saves, then the dashboard; a signed-out seller is sent to sign in (SPEC.md section 8); the
 * API's field errors (rules the form could not check, e.g. a photo URL) are shown next to their fields.
 */
export function useListingSubmit(form: ListingForm, vehicleId: number | null) {
  const isNew = vehicleId === null;
  const navigate = useNavigate();
  const save = useSaveListing(vehicleId);
  const { getValues, setError, handleSubmit } = form;

  const showServerErrors = (error: ApiError) => {
    for (const e of error.fieldErrors) {
      const field = e.field.split('.')[0] as FieldPath<ListingFormValues>;
      if (field in getValues()) setError(field, { type: 'server', message: e.message });
    }
  };

  const onSubmit = handleSubmit(async (payload) => {
    try {
      await save.mutateAsync(payload);
      toast({ title: 'Success', description: isNew ? 'Your listing has been submitted for review' : 'Your listing has been updated', variant: 'success' });
      void navigate('/dashboard');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        redirectAfterToast({ title: 'Unauthorized', description: 'You need to be logged in to manage listings' }, apiUrl(`/api/login?returnTo=${encodeURIComponent(window.location.pathname)}`));
        return;
      }
      if (error instanceof ApiError && error.status === 400) showServerErrors(error);
      toast({ title: 'Error', description: isNew ? 'Failed to create listing. Please try again.' : 'Failed to update listing. Please try again.', variant: 'destructive' });
    }
  });

  return { onSubmit, pending: save.isPending };
}
