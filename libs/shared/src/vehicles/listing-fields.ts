/**
 * The one table of a listing's own fields (every field of VehicleInputDto, in the form's order), and what
 * each one is to each reader. The field lists the code needs are derived from it, never kept by hand:
 * - REVISABLE_FIELDS: every row (a seller's edit may change any of them; a live edit classifies each);
 * - LISTING_FORM_TEXT_FIELDS: the listing form's text boxes (`form: 'text' | 'number'`; numbers are typed as text);
 * - ADMIN_EDITABLE_FIELDS: the admin edit modal's fields (`admin: true`, SPEC.md section 3);
 * - LIST_VALUED_FIELDS: the fields whose value is a list (`form: 'list'`; cleared means []);
 * - PUBLIC_LISTING_FIELDS: the ones buyers see (`public: true`); the VIN, Carfax link, service history and
 *   the seller's contact never are (the API's public mapper reads only these plus its own status columns).
 * `form: null` is a field the API takes but the form does not show (the colour families, picked from the colour).
 */
interface ListingFieldSpec {
  readonly label: string;
  readonly form: 'text' | 'number' | 'list' | 'cover' | null;
  readonly admin: boolean;
  readonly public: boolean;
}

export const LISTING_FIELDS = {
  make: { label: 'Make', form: 'text', admin: true, public: true },
  model: { label: 'Model', form: 'text', admin: true, public: true },
  year: { label: 'Year', form: 'number', admin: true, public: true },
  trim: { label: 'Trim', form: 'text', admin: true, public: true },
  mileage: { label: 'Mileage', form: 'number', admin: true, public: true },
  price: { label: 'Price', form: 'number', admin: true, public: true },
  condition: { label: 'Condition', form: 'text', admin: true, public: true },
  bodyType: { label: 'Body type', form: 'text', admin: false, public: true },
  fuelType: { label: 'Fuel type', form: 'text', admin: false, public: true },
  transmission: { label: 'Transmission', form: 'text', admin: true, public: true },
  drivetrain: { label: 'Drivetrain', form: 'text', admin: false, public: true },
  exteriorColor: { label: 'Exterior color', form: 'text', admin: true, public: true },
  interiorColor: { label: 'Interior color', form: 'text', admin: true, public: true },
  color: { label: 'Color family', form: null, admin: false, public: true },
  interiorColorFamily: { label: 'Interior color family', form: null, admin: false, public: true },
  description: { label: 'Description', form: 'text', admin: true, public: true },
  features: { label: 'Features', form: 'list', admin: true, public: true },
  images: { label: 'Photos', form: 'list', admin: true, public: true },
  coverPhotoIndex: { label: 'Cover photo', form: 'cover', admin: true, public: true },
  location: { label: 'Location', form: 'text', admin: true, public: true },
  zipCode: { label: 'ZIP code', form: 'text', admin: false, public: true },
  contactPhone: { label: 'Contact phone', form: 'text', admin: false, public: false },
  contactEmail: { label: 'Contact email', form: 'text', admin: false, public: false },
  contactFirstName: { label: 'Contact first name', form: 'text', admin: true, public: false },
  contactLastName: { label: 'Contact last name', form: 'text', admin: true, public: false },
  contactLocation: { label: 'Contact location', form: 'text', admin: true, public: false },
  vin: { label: 'VIN', form: 'text', admin: false, public: false },
  carfaxReportUrl: { label: 'Carfax report', form: 'text', admin: false, public: false },
  recentServices: { label: 'Recent services', form: 'list', admin: true, public: false },
  engine: { label: 'Engine', form: 'text', admin: true, public: true },
  mpgCity: { label: 'City MPG', form: 'number', admin: true, public: true },
  mpgHighway: { label: 'Highway MPG', form: 'number', admin: true, public: true },
} as const satisfies Record<string, ListingFieldSpec>;

type Table = typeof LISTING_FIELDS;
export type ListingFieldName = keyof Table;
/** The fields whose row has `Key` set to one of `Values`. */
type FieldsWhere<Key extends keyof ListingFieldSpec, Values> = { [F in ListingFieldName]: Table[F][Key] extends Values ? F : never }[ListingFieldName];

const fieldsWhere = <F extends ListingFieldName>(test: (spec: ListingFieldSpec) => boolean): readonly F[] =>
  Object.freeze((Object.keys(LISTING_FIELDS) as ListingFieldName[]).filter((name) => test(LISTING_FIELDS[name])) as F[]);

export type RevisableField = ListingFieldName;
export type ListingFormTextField = FieldsWhere<'form', 'text' | 'number'>;
export type AdminEditableField = FieldsWhere<'admin', true>;
export type ListValuedField = FieldsWhere<'form', 'list'>;
export type PublicListingField = FieldsWhere<'public', true>;

export const REVISABLE_FIELDS: readonly RevisableField[] = fieldsWhere(() => true);
export const LISTING_FORM_TEXT_FIELDS = fieldsWhere<ListingFormTextField>((f) => f.form === 'text' || f.form === 'number');
export const LISTING_FORM_NUMBER_FIELDS = fieldsWhere<FieldsWhere<'form', 'number'>>((f) => f.form === 'number');
export const ADMIN_EDITABLE_FIELDS = fieldsWhere<AdminEditableField>((f) => f.admin);
export const LIST_VALUED_FIELDS = fieldsWhere<ListValuedField>((f) => f.form === 'list');
export const PUBLIC_LISTING_FIELDS = fieldsWhere<PublicListingField>((f) => f.public);

/** Field names as the review screens show them. */
export const REVISABLE_FIELD_LABELS = Object.fromEntries(REVISABLE_FIELDS.map((name) => [name, LISTING_FIELDS[name].label])) as Record<RevisableField, string>;
