import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { CONTACT_LIMITS, CONTACT_REPLY, fieldErrorMap, formatCount, vehicleTitle } from '@app/shared';
import { api } from '../../api/client';
import { CheckIcon } from '../../components/icons';
import { useTypedBeforeHydration } from '../../lib/typed-before-hydration';
import { toast } from '../../stores/toast';
import { CONTACT_FORM_ID } from './ContactBar';
import {
  CONTACT_FIELD_ORDER,
  contactDefaults,
  contactFieldErrors,
  contactPayload,
  formErrors,
  type ContactErrors,
  type ContactTextField,
  type ContactValues,
  type ContactVehicle,
} from './contact-form-values';

type Status = 'idle' | 'sending';

/** The promise of the confirmation: the same words as the FAQ's and the staff e-mail's (CONTACT_REPLY). */
export const REPLY_PROMISE = CONTACT_REPLY.promise;

/** Each text field's longest value (the API's limits), shown before sending. */
const MAX_LENGTH: Record<ContactTextField, number> = {
  firstName: CONTACT_LIMITS.nameMaxLength,
  lastName: CONTACT_LIMITS.nameMaxLength,
  email: CONTACT_LIMITS.emailMaxLength,
  phone: CONTACT_LIMITS.phoneMaxLength,
  subject: CONTACT_LIMITS.subjectMaxLength,
  message: CONTACT_LIMITS.messageMaxLength,
};

interface ContactFormProps {
  vehicle: ContactVehicle;
  /** The form element (the phone's contact bar scrolls to it and focuses its first field). */
  formRef?: RefObject<HTMLFormElement | null>;
}

/**
 * Contact Seller: required first/last name, email, subject, message; optional phone and two checkboxes. Each
 * problem shows beside its field, whether the form found it (a blank required field) or the API did (a
 * malformed e-mail address, a message too long); after sending, a confirmation says who replies and when.
 */
export function ContactForm({ vehicle, formRef }: ContactFormProps) {
  const [values, setValues] = useState<ContactValues>(() => contactDefaults(vehicle));
  const [status, setStatus] = useState<Status>('idle');
  const [errors, setErrors] = useState<ContactErrors>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const confirmation = useRef<HTMLDivElement>(null);
  const ownForm = useRef<HTMLFormElement>(null);
  const form = formRef ?? ownForm;
  const id = useId();
  const fieldId = (name: ContactTextField) => `${id}-${name}`;

  const set = <K extends keyof ContactValues>(name: K, value: ContactValues[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => {
      if (!(name in e)) return e;
      const next = { ...e };
      delete next[name as ContactTextField];
      return next;
    });
  };

  // The server draws the form; what the visitor typed into it before it was hydrated becomes its state.
  useTypedBeforeHydration(form, (name, value) => {
    const field = name as keyof ContactValues;
    if (field in values && typeof values[field] === typeof value) set(field, value as never);
  });

  /** Shows the problems beside their fields and moves the focus to the first one. */
  const showErrors = (found: ContactErrors) => {
    setErrors(found);
    const first = CONTACT_FIELD_ORDER.find((name) => found[name]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Each problem is said at its field (and counted above the button), never in a toast that covers them.
    const found = formErrors(values);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setStatus('sending');
    setSentTo(null);
    try {
      const payload = contactPayload(vehicle.id, values);
      await api.request('/api/contact', { method: 'POST', json: payload });
      setValues(contactDefaults(vehicle));
      setErrors({});
      setSentTo(payload.senderEmail);
      toast({
        title: 'Thank You!',
        description: `Thanks for reaching out about the ${vehicleTitle(vehicle)}! One of our associates will reply ${REPLY_PROMISE}.`,
        variant: 'success',
        duration: 5000,
      });
      requestAnimationFrame(() => confirmation.current?.focus());
    } catch (error) {
      const found = contactFieldErrors(fieldErrorMap(error));
      if (Object.keys(found).length > 0) {
        // Said beside each field (and once above the button), not in a toast that would cover them.
        showErrors(found);
      } else {
        toast({ title: 'Error', description: 'Failed to send message. Please try again.', variant: 'destructive' });
      }
    } finally {
      setStatus('idle');
    }
  };

  const label = (name: ContactTextField, text: string, required: boolean) => (
    <label htmlFor={fieldId(name)}>
      {text} {required ? <span className="required" aria-hidden="true">*</span> : <span className="optional">(optional)</span>}
    </label>
  );

  const fieldError = (name: ContactTextField) =>
    errors[name] ? (
      <p id={`${fieldId(name)}-error`} className="field-error">
        {errors[name]}
      </p>
    ) : null;

  const invalidProps = (name: ContactTextField, hint?: boolean) => ({
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': [hint ? `${fieldId(name)}-count` : '', errors[name] ? `${fieldId(name)}-error` : ''].filter(Boolean).join(' ') || undefined,
    maxLength: MAX_LENGTH[name],
  });

  /** "123 / 5,000 characters" under a long field: the limit is visible before sending. */
  const counter = (name: 'subject' | 'message') => {
    const used = values[name].length;
    const max = MAX_LENGTH[name];
    return (
      <p id={`${fieldId(name)}-count`} className={`field-counter${used >= max * 0.9 ? ' field-counter-near' : ''}`}>
        {formatCount(used)} / {formatCount(max)} characters
      </p>
    );
  };

  const text = (name: Exclude<ContactTextField, 'message'>, labelText: string, type: string, autoComplete: string, required: boolean) => (
    <div className="field">
      {label(name, labelText, required)}
      <input
        id={fieldId(name)}
        name={name}
        type={type}
        className="input"
        autoComplete={autoComplete}
        value={values[name]}
        aria-required={required}
        {...invalidProps(name, name === 'subject')}
        onChange={(e) => set(name, e.target.value)}
      />
      {name === 'subject' ? counter('subject') : null}
      {fieldError(name)}
    </div>
  );

  return (
    <form ref={form} id={CONTACT_FORM_ID} className="contact-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="side-title">
        Contact Seller
      </h2>
      {sentTo ? (
        <div ref={confirmation} className="contact-sent" role="status" tabIndex={-1}>
          <CheckIcon size={20} />
          <div>
            <p className="contact-sent-title">Message sent</p>
            <p>
              One of our sales associates, who handles this car for its owner, will reply to <strong>{sentTo}</strong>, {REPLY_PROMISE}.
            </p>
          </div>
        </div>
      ) : null}
      <div className="contact-names">
        {text('firstName', 'First name', 'text', 'given-name', true)}
        {text('lastName', 'Last name', 'text', 'family-name', true)}
      </div>
      {text('email', 'Email', 'email', 'email', true)}
      {text('phone', 'Phone', 'tel', 'tel', false)}
      {text('subject', 'Subject', 'text', 'off', true)}
      <div className="field">
        {label('message', 'Message', true)}
        <textarea
          id={fieldId('message')}
          name="message"
          className="textarea"
          rows={5}
          value={values.message}
          aria-required
          {...invalidProps('message', true)}
          onChange={(e) => set('message', e.target.value)}
        />
        {counter('message')}
        {fieldError('message')}
      </div>
      <label className="checkbox">
        <input type="checkbox" name="financing" checked={values.financing} onChange={(e) => set('financing', e.target.checked)} />
        <span>I'm interested in financing options</span>
      </label>
      <label className="checkbox">
        <input type="checkbox" name="tradeIn" checked={values.tradeIn} onChange={(e) => set('tradeIn', e.target.checked)} />
        <span>I have a trade-in vehicle</span>
      </label>
      {Object.keys(errors).length > 0 ? (
        <p className="field-error form-error" role="alert">
          Please correct the highlighted {Object.keys(errors).length === 1 ? 'field' : 'fields'} and send again.
        </p>
      ) : null}
      <p className="contact-promise">One of our associates replies {REPLY_PROMISE}, by e-mail or phone.</p>
      <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={status === 'sending'}>
        {status === 'sending' ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
