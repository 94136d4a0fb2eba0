import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  BODY_TYPE_OPTIONS,
  BODY_TYPES,
  CONDITION_OPTIONS,
  DRIVETRAIN_OPTIONS,
  DRIVETRAINS,
  FUEL_TYPE_OPTIONS,
  FUEL_TYPES,
  LISTING_LIMITS,
  PREDEFINED_FEATURES,
  TRANSMISSION_OPTIONS,
  TRANSMISSIONS,
  VIN_PATTERN,
  type Option,
  type PublicConfig,
  type VinDecodeResult,
} from '@app/shared';
import { useMakes } from '../../../api/catalog';
import { ApiError } from '@app/shared';
import { decodeVin, generateFeatures, generateSpecs, useCatalogModels, useCatalogTrims, useSaveListing, type ListingPayload } from '../../../api/seller';
import { toast } from '../../../stores/toast';
import { UNAUTHORIZED_REDIRECT_MS } from '../RequireUser';
import { listingResolver, listingYears, specSlug, type ListingFormValues } from './listing-form-values';
import { PhotoUploader } from './PhotoUploader';
import { addTag, TagEditor } from './TagEditor';
import { uploadStrategyFor, type UploadStrategy } from './uploader';
import { VinDecoder } from './VinDecoder';
import './listing-form.css';

/** SPEC.md section 4 and 9: generation delays on a new listing. */
export const FEATURE_GENERATION_DELAY_MS = 1500;
export const SPEC_GENERATION_DELAY_MS = 1000;
export const SPEC_VALIDATION_DELAY_MS = 100;

type VinState = Parameters<typeof VinDecoder>[0]['state'];

interface ListingFormProps {
  /** null for a new listing. */
  vehicleId: number | null;
  defaultValues: ListingFormValues;
  imageUpload: PublicConfig['imageUpload'];
}

/** Options with the current value kept even when the list does not know it (an older listing, a decoded VIN). */
function withCurrent(names: readonly string[], current: string): string[] {
  return current && !names.some((n) => n.toLowerCase() === current.toLowerCase()) ? [current, ...names] : [...names];
}

/** The catalog's spelling of a decoded name, when the catalog has it. */
function catalogSpelling(names: readonly string[], value: string): string {
  return names.find((n) => n.toLowerCase() === value.toLowerCase()) ?? value;
}

function isAllowed(list: readonly string[], value: string): boolean {
  return list.includes(value);
}

/** The create and edit form (SPEC.md section 2 "Create and edit listing"). */
export function ListingForm({ vehicleId, defaultValues, imageUpload }: ListingFormProps) {
  const isNew = vehicleId === null;
  const navigate = useNavigate();
  const id = useId();
  const save = useSaveListing(vehicleId);
  const [uploading, setUploading] = useState(false);
  const [vin, setVin] = useState<VinState>({ status: 'idle' });

  const form = useForm<ListingFormValues, unknown, ListingPayload>({
    resolver: listingResolver,
    defaultValues,
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
  const { register, handleSubmit, setValue, getValues, trigger, setError, control, formState } = form;
  const { errors } = formState;

  const [make, model, year, trim, images, coverPhotoIndex, features, recentServices] = useWatch({
    control,
    name: ['make', 'model', 'year', 'trim', 'images', 'coverPhotoIndex', 'features', 'recentServices'],
  });

  const makes = useMakes();
  const models = useCatalogModels(make);
  const trims = useCatalogTrims(make, model);
  const makeNames = withCurrent(makes.data ?? [], make);
  const modelNames = withCurrent((models.data ?? []).map((m) => m.name), model);
  const trimNames = withCurrent(trims.data ?? [], trim);
  const years = listingYears(LISTING_LIMITS.minYear, LISTING_LIMITS.maxYear());

  const upload: UploadStrategy = useMemo(() => uploadStrategyFor(imageUpload), [imageUpload]);

  // Feature generation: on a new listing, 1.5 s after make, model or year change (all three known).
  const lastFeatureKey = useRef(`${defaultValues.make}|${defaultValues.model}|${defaultValues.year}`);
  useEffect(() => {
    const key = `${make}|${model}|${year}`;
    if (!isNew || !make || !model || !year || key === lastFeatureKey.current) return;
    const timer = window.setTimeout(() => {
      lastFeatureKey.current = key;
      const { trim: t, bodyType, fuelType } = getValues();
      const description = [year, make, model, t, bodyType, fuelType].filter(Boolean).join(' ');
      generateFeatures({
        make,
        model,
        year: Number(year),
        trim: t || undefined,
        bodyType: bodyType || undefined,
        fuelType: fuelType || undefined,
        vehicleDescription: description,
      })
        .then(({ features: generated }) => {
          const merged = generated.reduce<readonly string[]>((list, f) => addTag(list, f), getValues('features')).slice(0, LISTING_LIMITS.maxFeatures);
          setValue('features', [...merged], { shouldDirty: true });
        })
        .catch(() => undefined); // failed generation is silent (SPEC.md section 8)
    }, FEATURE_GENERATION_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [isNew, make, model, year, getValues, setValue]);

  // Spec generation: on a new listing, 1 s after make, model, trim and year are all chosen; a validation pass 100 ms later.
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
          const filled = fill.filter(([, value, allowed]) => value && isAllowed(allowed, value));
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

  const runVinDecode = (value: string) => {
    const normalized = value.trim().toUpperCase();
    if (!VIN_PATTERN.test(normalized)) return;
    setVin({ status: 'loading' });
    decodeVin(normalized)
      .then((result) => setVin({ status: 'done', result }))
      .catch(() => setVin({ status: 'failed', message: 'The VIN could not be decoded right now. You can fill the details by hand.' }));
  };

  const applyVin = (result: VinDecodeResult) => {
    const opts = { shouldDirty: true, shouldValidate: true } as const;
    if (result.make) setValue('make', catalogSpelling(makes.data ?? [], result.make), opts);
    if (result.model) setValue('model', result.model, opts);
    if (result.year) setValue('year', String(result.year), opts);
    if (result.trim) setValue('trim', result.trim, opts);
    if (result.bodyType) setValue('bodyType', result.bodyType, opts);
    if (result.fuelType) setValue('fuelType', result.fuelType, opts);
    if (result.transmission) setValue('transmission', result.transmission, opts);
    if (result.drivetrain) setValue('drivetrain', result.drivetrain, opts);
    if (result.engine) setValue('engine', result.engine, opts);
    setVin({ status: 'idle' });
    toast({ title: 'Vehicle details filled', description: 'Check the values from the VIN before you publish.', variant: 'success' });
  };

  const onSubmit = handleSubmit(async (payload) => {
    try {
      await save.mutateAsync(payload);
      toast({
        title: 'Success',
        description: isNew ? 'Your listing has been submitted for review' : 'Your listing has been updated',
        variant: 'success',
      });
      void navigate('/dashboard');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        toast({ title: 'Unauthorized', description: 'You need to be logged in to manage listings', variant: 'destructive' });
        window.setTimeout(() => window.location.assign(`/api/login?returnTo=${encodeURIComponent(window.location.pathname)}`), UNAUTHORIZED_REDIRECT_MS);
        return;
      }
      if (error instanceof ApiError && error.status === 400) showServerErrors(error);
      toast({
        title: 'Error',
        description: isNew ? 'Failed to create listing. Please try again.' : 'Failed to update listing. Please try again.',
        variant: 'destructive',
      });
    }
  });

  /** The API's field errors (a rule the form could not check, e.g. a photo URL) shown next to their fields. */
  const showServerErrors = (error: ApiError) => {
    for (const e of error.fieldErrors) {
      const field = e.field.split('.')[0] as FieldPath<ListingFormValues>;
      if (field in getValues()) setError(field, { type: 'server', message: e.message });
    }
  };

  const err = (name: keyof ListingFormValues) => errors[name]?.message as string | undefined;

  const field = (name: keyof ListingFormValues, label: string, input: ReactNode, opts: { required?: boolean; hint?: string; wide?: boolean } = {}) => (
    <div className={`field${opts.wide ? ' field-wide' : ''}`}>
      <label htmlFor={`${id}-${name}`}>
        {label} {opts.required ? <span className="required" aria-hidden="true">*</span> : null}
      </label>
      {input}
      {opts.hint ? (
        <span id={`${id}-${name}-hint`} className="field-hint">
          {opts.hint}
        </span>
      ) : null}
      {err(name) ? (
        <span id={`${id}-${name}-error`} className="field-error" role="alert">
          {err(name)}
        </span>
      ) : null}
    </div>
  );

  const aria = (name: keyof ListingFormValues, required = false, hint = false) => ({
    id: `${id}-${name}`,
    'aria-invalid': err(name) ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': [hint ? `${id}-${name}-hint` : '', err(name) ? `${id}-${name}-error` : ''].filter(Boolean).join(' ') || undefined,
  });

  const text = (name: keyof ListingFormValues, label: string, opts: { required?: boolean; type?: string; inputMode?: 'numeric' | 'decimal' | 'tel' | 'email' | 'url'; autoComplete?: string; placeholder?: string; hint?: string; maxLength?: number } = {}) =>
    field(
      name,
      label,
      <input
        className="input"
        type={opts.type ?? 'text'}
        inputMode={opts.inputMode}
        autoComplete={opts.autoComplete ?? 'off'}
        placeholder={opts.placeholder}
        maxLength={opts.maxLength}
        {...aria(name, opts.required, !!opts.hint)}
        {...register(name)}
      />,
      opts,
    );

  const select = (name: keyof ListingFormValues, label: string, options: readonly Option[], opts: { required?: boolean; placeholder?: string } = {}) =>
    field(
      name,
      label,
      <select className="select" {...aria(name, opts.required)} {...register(name)}>
        <option value="">{opts.placeholder ?? `Select ${label.toLowerCase()}`}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>,
      opts,
    );

  const asOptions = (names: readonly string[]): Option[] => names.map((n) => ({ value: n, label: n }));

  // Cancel goes back; a form opened directly (no page before it here) goes to the dashboard.
  const goBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    void (idx > 0 ? navigate(-1) : navigate('/dashboard'));
  };

  const makeField = register('make');
  const modelField = register('model');
  const vinField = register('vin');
  const busy = uploading || save.isPending;

  return (
    <form className="listing-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={save.isPending}>
      <section className="form-section" aria-labelledby={`${id}-section-vehicle`}>
        <h2 id={`${id}-section-vehicle`}>Vehicle Information</h2>
        <div className="form-grid">
          {field(
            'make',
            'Make',
            <select
              className="select"
              {...aria('make', true)}
              {...makeField}
              onChange={(e) => {
                void makeField.onChange(e);
                // SPEC.md section 4: a new make clears model, trim and body type.
                setValue('model', '');
                setValue('trim', '');
                setValue('bodyType', '');
              }}
            >
              <option value="">{makes.isPending ? 'Loading makes...' : 'Select make'}</option>
              {makeNames.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>,
            { required: true },
          )}
          {field(
            'model',
            'Model',
            <select
              className="select"
              disabled={!make}
              {...aria('model', true)}
              {...modelField}
              onChange={(e) => {
                void modelField.onChange(e);
                // A new model clears trim and body type.
                setValue('trim', '');
                setValue('bodyType', '');
              }}
            >
              <option value="">{!make ? 'Choose Make First' : models.isPending ? 'Loading models...' : 'Select model'}</option>
              {modelNames.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>,
            { required: true },
          )}
          {select('year', 'Year', asOptions(years.map(String)), { required: true })}
          {trimNames.length > 0
            ? select('trim', 'Trim', asOptions(trimNames), { placeholder: model ? 'Select trim' : 'Choose Model First' })
            : text('trim', 'Trim', { placeholder: model ? 'e.g. Sport, Limited' : 'Choose Model First', maxLength: 100 })}
          {text('mileage', 'Mileage', { required: true, inputMode: 'numeric', placeholder: 'e.g. 42000' })}
          {text('price', 'Price ($)', { required: true, inputMode: 'decimal', placeholder: 'e.g. 28500' })}
          {select('condition', 'Condition', CONDITION_OPTIONS, { required: true })}
          {select('bodyType', 'Body Type', BODY_TYPE_OPTIONS)}
          {select('fuelType', 'Fuel Type', FUEL_TYPE_OPTIONS)}
          {select('transmission', 'Transmission', TRANSMISSION_OPTIONS)}
          {select('drivetrain', 'Drivetrain', DRIVETRAIN_OPTIONS)}
          {text('exteriorColor', 'Exterior Color', { placeholder: 'e.g. Nardo Gray', hint: 'As the maker names it', maxLength: LISTING_LIMITS.maxColorLength })}
          {text('interiorColor', 'Interior Color', { placeholder: 'e.g. Chalk leather', hint: 'As the maker names it', maxLength: LISTING_LIMITS.maxColorLength })}
          {text('engine', 'Engine', { placeholder: 'e.g. 3.0L I6 Turbo', maxLength: 100 })}
          {text('mpgCity', 'MPG City', { inputMode: 'numeric' })}
          {text('mpgHighway', 'MPG Highway', { inputMode: 'numeric' })}
        </div>
      </section>

      <section className="form-section" aria-labelledby={`${id}-section-location`}>
        <h2 id={`${id}-section-location`}>Location Information</h2>
        <div className="form-grid">
          {text('location', 'Location', { required: true, placeholder: 'City, State', autoComplete: 'address-level2' })}
          {text('zipCode', 'ZIP Code', { required: true, inputMode: 'numeric', placeholder: 'e.g. 78701', autoComplete: 'postal-code' })}
        </div>
      </section>

      <section className="form-section" aria-labelledby={`${id}-section-docs`}>
        <h2 id={`${id}-section-docs`}>
          Vehicle Documentation <span className="admin-only">ADMIN ONLY</span>
        </h2>
        <p className="section-note">Internal: the VIN, Carfax link and service history are seen by our team only and never shown publicly.</p>
        <div className="form-grid">
          {field(
            'vin',
            'VIN',
            <div className="vin-row">
              <input
                className="input vin-input"
                maxLength={17}
                autoComplete="off"
                spellCheck={false}
                placeholder="17 characters"
                {...aria('vin', true)}
                {...vinField}
                onChange={(e) => {
                  e.target.value = e.target.value.toUpperCase();
                  void vinField.onChange(e);
                  if (VIN_PATTERN.test(e.target.value)) runVinDecode(e.target.value);
                  else setVin({ status: 'idle' });
                }}
              />
              <button type="button" className="btn btn-outline" onClick={() => runVinDecode(getValues('vin'))}>
                Decode VIN
              </button>
            </div>,
            { required: true, wide: true },
          )}
          <div className="field-wide">
            <VinDecoder state={vin} onApply={applyVin} onDismiss={() => setVin({ status: 'idle' })} />
          </div>
          {text('carfaxReportUrl', 'Carfax Report URL', { type: 'url', inputMode: 'url', placeholder: 'https://' })}
          <div className="field-wide">
            <TagEditor
              label="Recent Services"
              placeholder="e.g. Oil change at 40,000 mi"
              values={recentServices}
              onChange={(list) => setValue('recentServices', list, { shouldDirty: true, shouldValidate: true })}
              max={LISTING_LIMITS.maxRecentServices}
              maxLength={LISTING_LIMITS.maxRecentServiceLength}
              error={err('recentServices')}
            />
          </div>
        </div>
      </section>

      <section className="form-section" aria-labelledby={`${id}-section-description`}>
        <h2 id={`${id}-section-description`}>Description and Features</h2>
        {field(
          'description',
          'Description',
          <textarea
            className="textarea"
            rows={6}
            maxLength={LISTING_LIMITS.maxDescriptionLength}
            placeholder="History, options, recent work: what a buyer should know."
            {...aria('description')}
            {...register('description')}
          />,
        )}
        <TagEditor
          label="Features"
          placeholder="Add a feature"
          values={features}
          onChange={(list) => setValue('features', list, { shouldDirty: true, shouldValidate: true })}
          suggestions={PREDEFINED_FEATURES}
          max={LISTING_LIMITS.maxFeatures}
          maxLength={LISTING_LIMITS.maxFeatureLength}
          error={err('features')}
        />
      </section>

      <section className="form-section" aria-labelledby={`${id}-section-photos`}>
        <h2 id={`${id}-section-photos`}>Photos</h2>
        <PhotoUploader
          value={{ images, coverPhotoIndex }}
          onChange={(update) => {
            const next = update({ images: getValues('images'), coverPhotoIndex: getValues('coverPhotoIndex') });
            setValue('images', next.images, { shouldDirty: true });
            setValue('coverPhotoIndex', next.coverPhotoIndex, { shouldDirty: true, shouldValidate: formState.isSubmitted });
          }}
          upload={upload}
          onUploadingChange={setUploading}
          error={err('images') ?? err('coverPhotoIndex')}
        />
      </section>

      <section className="form-section" aria-labelledby={`${id}-section-contact`}>
        <h2 id={`${id}-section-contact`}>Contact Information</h2>
        <div className="form-grid">
          {text('contactFirstName', 'First Name', { required: true, autoComplete: 'given-name', maxLength: 60 })}
          {text('contactLastName', 'Last Name', { required: true, autoComplete: 'family-name', maxLength: 60 })}
          {text('contactPhone', 'Phone', { required: true, type: 'tel', inputMode: 'tel', autoComplete: 'tel', placeholder: '(555) 010-4287' })}
          {text('contactEmail', 'Email', { required: true, type: 'email', inputMode: 'email', autoComplete: 'email' })}
          {text('contactLocation', 'Contact Location', { placeholder: 'Where buyers can see the car', maxLength: LISTING_LIMITS.maxLocationLength })}
        </div>
      </section>

      <div className="form-actions">
        <button type="button" className="btn btn-outline btn-lg" onClick={goBack}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary btn-lg" disabled={busy}>
          {save.isPending ? 'Publishing...' : 'Publish Listing'}
        </button>
      </div>
    </form>
  );
}
