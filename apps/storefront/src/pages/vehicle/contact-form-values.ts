import { formatPrice, vehicleTitle, type ContactMessageDto } from '@app/shared';

export interface ContactValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  financing: boolean;
  tradeIn: boolean;
}

export interface ContactVehicle {
  id: number;
  year: number;
  make: string;
  model: string;
  price: number;
}

/** The form's defaults (SPEC.md section 5): the subject and message name the car and its price. */
export function contactDefaults(v: ContactVehicle): ContactValues {
  const title = vehicleTitle(v);
  return {
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    subject: `Interested in your ${title}`,
    message: `Hi, I'm interested in the ${title} listed at ${formatPrice(v.price)}. Is it still available? Please get back to me with more details.`,
    financing: false,
    tradeIn: false,
  };
}

const REQUIRED: ReadonlyArray<keyof ContactValues> = ['firstName', 'lastName', 'email', 'subject', 'message'];

/** Required fields left blank: first name, last name, email, subject and message (phone is optional). */
export function missingContactFields(values: ContactValues): Array<keyof ContactValues> {
  return REQUIRED.filter((name) => String(values[name]).trim() === '');
}

/** The POST /api/contact payload (SPEC.md section 3). */
export function contactPayload(vehicleId: number, values: ContactValues): ContactMessageDto {
  const firstName = values.firstName.trim();
  const lastName = values.lastName.trim();
  return {
    vehicleId,
    senderName: `${firstName} ${lastName}`,
    senderFirstName: firstName,
    senderLastName: lastName,
    senderEmail: values.email.trim(),
    ...(values.phone.trim() ? { senderPhone: values.phone.trim() } : {}),
    subject: values.subject.trim(),
    message: values.message.trim(),
    isFinancingInterest: values.financing,
    isTradeInInterest: values.tradeIn,
  };
}

export type ContactTextField = 'firstName' | 'lastName' | 'email' | 'phone' | 'subject' | 'message';
export type ContactErrors = Partial<Record<ContactTextField, string>>;

/** The form's fields in their order on screen (the first invalid one takes the focus). */
export const CONTACT_FIELD_ORDER: readonly ContactTextField[] = ['firstName', 'lastName', 'email', 'phone', 'subject', 'message'];

const LABELS: Record<ContactTextField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  subject: 'Subject',
  message: 'Message',
};

/** "First name is required" for each blank required field (the same words as the API's). */
export function requiredErrors(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  for (const name of missingContactFields(values)) {
    if (name in LABELS) errors[name as ContactTextField] = `${LABELS[name as ContactTextField]} is required`;
  }
  return errors;
}

/** The payload field each form field is sent as (senderName is built from the two name fields). */
const PAYLOAD_FIELDS: Record<string, ContactTextField> = {
  senderFirstName: 'firstName',
  senderName: 'firstName',
  senderLastName: 'lastName',
  senderEmail: 'email',
  senderPhone: 'phone',
  subject: 'subject',
  message: 'message',
};

/** The API's field errors (by payload field) as the form's; empty when none names a field of the form. */
export function contactFieldErrors(byPayloadField: Record<string, string>): ContactErrors {
  const errors: ContactErrors = {};
  for (const [field, message] of Object.entries(byPayloadField)) {
    const name = PAYLOAD_FIELDS[field];
    if (name && !errors[name]) errors[name] = message;
  }
  return errors;
}

/** A plausible e-mail address: something@domain.tld without spaces (the API has the last word). */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Every problem the form can see before sending: blank required fields, then an e-mail address that is not one. */
export function formErrors(values: ContactValues): ContactErrors {
  const errors = requiredErrors(values);
  if (!errors.email && !EMAIL_SHAPE.test(values.email.trim())) errors.email = 'Enter a valid email address';
  return errors;
}
