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
