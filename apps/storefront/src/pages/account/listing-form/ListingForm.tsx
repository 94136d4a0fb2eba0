import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  BODY_TYPE_OPTIONS,
  CONDITION_OPTIONS,
  DRIVETRAIN_OPTIONS,
  FUEL_TYPE_OPTIONS,
  LISTING_LIMITS,
  PREDEFINED_FEATURES,
  TRANSMISSION_OPTIONS,
  VIN_PATTERN,
  type Option,
  type PublicConfig,
} from '@app/shared';
import { useMakes } from '../../../api/catalog';
import { useCatalogModels, useCatalogTrims, type ListingPayload } from '../../../api/seller';
import { listingResolver, listingYears, type ListingFormValues } from './listing-form-values';
import { ErrorSummary } from './ErrorSummary';
import { useFeatureGeneration, useListingSubmit, useSpecGeneration, useVinDecoding } from './listing-form-hooks';
import { MarketValueNote } from './MarketValueNote';
import { PhotoUploader } from './PhotoUploader';
import { TagEditor } from './TagEditor';
import { uploadStrategyFor, type UploadStrategy } from './uploader';
import { VinDecoder } from './VinDecoder';
import './listing-form.css';

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

/**
 * The create and edit form (SPEC.md section 2 "Create and edit listing"): the fields and their layout; what
 * happens around them (feature and spec generation, VIN decoding, publishing) lives in listing-form-hooks.
 */
/**
 * One option per label ("Rear-wheel Drive" is stored as rwd or rear-wheel-drive): the first slug of each, or
 * the slug the listing has, so an edit keeps it.
 */
export function oneOptionPerLabel(options: readonly Option[], current: string | undefined): Option[] {
  const byLabel = new Map<string, Option>();
  for (const o of options) {
    const held = byLabel.get(o.label);
    if (!held || (o.value === current && held.value !== current)) byLabel.set(o.label, o);
  }
  return [...byLabel.values()];
}

export function ListingForm({ vehicleId, defaultValues, imageUpload }: ListingFormProps) {
  const isNew = vehicleId === null;
  const navigate = useNavigate();
  const id = useId();
  const [uploading, setUploading] = useState(false);

  const form = useForm<ListingFormValues, unknown, ListingPayload>({
    resolver: listingResolver,
    defaultValues,
    mode: 'onTouched',
    reValidateMode: 'onChange',
    // The error summary takes focus on a failed publish and links to each field.
    shouldFocusError: false,
  });
  const { register, setValue, getValues, control, formState } = form;
  const { errors } = formState;

  const [make, model, year, trim, images, coverPhotoIndex, features, recentServices, drivetrain] = useWatch({
    control,
    name: ['make', 'model', 'year', 'trim', 'images', 'coverPhotoIndex', 'features', 'recentServices', 'drivetrain'],
  });
  const [mileage, price, condition, bodyType] = useWatch({ control, name: ['mileage', 'price', 'condition', 'bodyType'] });

  const makes = useMakes();
  const models = useCatalogModels(make);
  const trims = useCatalogTrims(make, model);
  const makeNames = withCurrent(makes.data ?? [], make);
  const modelNames = withCurrent((models.data ?? []).map((m) => m.name), model);
  const trimNames = withCurrent(trims.data ?? [], trim);
  const years = listingYears(LISTING_LIMITS.minYear, LISTING_LIMITS.maxYear());

  const upload: UploadStrategy = useMemo(() => uploadStrategyFor(imageUpload), [imageUpload]);

  useFeatureGeneration(form, { isNew, make, model, year });
  useSpecGeneration(form, { isNew, make, model, trim, year });
  const vin = useVinDecoding(form, makes.data ?? []);
  const { onSubmit, pending } = useListingSubmit(form, vehicleId);

  // A field shows its problem once it was changed, or after a publish attempt: tabbing through a field
  // without typing leaves it as it was, not red.
  const dirty = formState.dirtyFields as Partial<Record<keyof ListingFormValues, unknown>>;
  const err = (name: keyof ListingFormValues) => (formState.isSubmitted || dirty[name] ? (errors[name]?.message as string | undefined) : undefined);
  // Each field's label as drawn, for the error summary (filled while rendering, read below the fields).
  const labels = useRef(new Map<string, string>([['images', 'Photos']]));

  const field = (name: keyof ListingFormValues, label: string, input: ReactNode, opts: { required?: boolean; hint?: string; wide?: boolean; note?: ReactNode } = {}) => {
    labels.current.set(name, label);
    return (
    <div className={`field${opts.wide ? ' field-wide' : ''}`}>
      <label htmlFor={`${id}-${name}`}>
        {label} {opts.required ? <span className="required" aria-hidden="true">*</span> : null}
      </label>
      {input}
      {opts.note}
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
  };

  const aria = (name: keyof ListingFormValues, required = false, hint = false, note = false) => ({
    id: `${id}-${name}`,
    'aria-invalid': err(name) ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': [note ? `${id}-${name}-note` : '', hint ? `${id}-${name}-hint` : '', err(name) ? `${id}-${name}-error` : ''].filter(Boolean).join(' ') || undefined,
  });

  const text = (name: keyof ListingFormValues, label: string, opts: { required?: boolean; type?: string; inputMode?: 'numeric' | 'decimal' | 'tel' | 'email' | 'url'; autoComplete?: string; placeholder?: string; hint?: string; maxLength?: number; note?: ReactNode } = {}) =>
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
        {...aria(name, opts.required, !!opts.hint, !!opts.note)}
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
  const busy = uploading || pending;

  return (
    <form className="listing-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={pending}>
      <ErrorSummary
        attempt={formState.submitCount}
        errors={(Object.keys(errors) as (keyof ListingFormValues)[])
          .filter((name) => err(name))
          .map((name) => ({ target: name === 'images' || name === 'coverPhotoIndex' ? `${id}-photos-file` : `${id}-${name}`, label: labels.current.get(name === 'coverPhotoIndex' ? 'images' : name) ?? name, message: err(name)! }))}
      />
      <section className="form-section" aria-labelledby={`${id}-section-vin`}>
        <h2 id={`${id}-section-vin`}>
          Start with the VIN <span className="admin-only">Private</span>
        </h2>
        <p className="section-note">
          The 17-character number on the driver-side dashboard or door pillar. We fill in the details below from it; only our staff see it, never
          buyers.
        </p>
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
                  if (VIN_PATTERN.test(e.target.value)) vin.decode(e.target.value);
                  else vin.reset();
                }}
              />
              <button type="button" className="btn btn-outline" onClick={() => vin.decode(getValues('vin'))}>
                Decode VIN
              </button>
            </div>,
            { required: true, wide: true },
          )}
          <div className="field-wide">
            <VinDecoder state={vin.state} onApply={vin.apply} onDismiss={vin.reset} />
          </div>
        </div>
      </section>

      <section className="form-section" aria-labelledby={`${id}-section-photos`}>
        <h2 id={`${id}-section-photos`}>Photos</h2>
        <PhotoUploader
          inputId={`${id}-photos`}
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
          {text('mileage', 'Mileage', { required: true, inputMode: 'numeric', placeholder: 'e.g. 42,000' })}
          {text('price', 'Price ($)', {
            required: true,
            inputMode: 'decimal',
            placeholder: 'e.g. $28,500',
            note: <MarketValueNote id={`${id}-price-note`} values={{ make, model, year, mileage, condition, bodyType }} price={price} />,
          })}
          {select('condition', 'Condition', CONDITION_OPTIONS, { required: true })}
          {select('bodyType', 'Body Type', BODY_TYPE_OPTIONS)}
          {select('fuelType', 'Fuel Type', FUEL_TYPE_OPTIONS)}
          {select('transmission', 'Transmission', TRANSMISSION_OPTIONS)}
          {select('drivetrain', 'Drivetrain', oneOptionPerLabel(DRIVETRAIN_OPTIONS, drivetrain))}
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
          Vehicle Documentation <span className="admin-only">Private</span>
        </h2>
        <p className="section-note">Seen only by our staff, never shown on the listing: the Carfax link and the service history help us check the car and answer buyers.</p>
        <div className="form-grid">
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
          {pending ? 'Publishing...' : 'Publish Listing'}
        </button>
      </div>
    </form>
  );
}
