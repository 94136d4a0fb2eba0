import { useId, useState, type FormEvent } from 'react';
import { vehicleTitle } from '@app/shared';
import { api } from '../../api/client';
import { toast } from '../../stores/toast';
import { contactDefaults, contactPayload, missingContactFields, type ContactValues, type ContactVehicle } from './contact-form-values';

type Status = 'idle' | 'sending';

/** Contact Seller: required first/last name, email, subject, message; optional phone and two checkboxes. */
export function ContactForm({ vehicle }: { vehicle: ContactVehicle }) {
  const [values, setValues] = useState<ContactValues>(() => contactDefaults(vehicle));
  const [status, setStatus] = useState<Status>('idle');
  const [invalid, setInvalid] = useState<Array<keyof ContactValues>>([]);
  const id = useId();

  const set = <K extends keyof ContactValues>(name: K, value: ContactValues[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setInvalid((list) => list.filter((n) => n !== name));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = missingContactFields(values);
    if (missing.length > 0) {
      setInvalid(missing);
      toast({ title: 'Error', description: 'Please fill in all required fields.', variant: 'destructive' });
      return;
    }
    setStatus('sending');
    try {
      await api.request('/api/contact', { method: 'POST', json: contactPayload(vehicle.id, values) });
      setValues(contactDefaults(vehicle));
      setInvalid([]);
      toast({
        title: 'Thank You!',
        description: `Thanks for reaching out about the ${vehicleTitle(vehicle)}! The seller will be in touch soon.`,
        variant: 'success',
        duration: 5000,
      });
    } catch {
      toast({ title: 'Error', description: 'Failed to send message. Please try again.', variant: 'destructive' });
    } finally {
      setStatus('idle');
    }
  };

  const text = (name: 'firstName' | 'lastName' | 'email' | 'phone' | 'subject', label: string, type: string, autoComplete: string, required: boolean) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>
        {label} {required ? <span className="required" aria-hidden="true">*</span> : <span className="optional">(optional)</span>}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        type={type}
        className="input"
        autoComplete={autoComplete}
        value={values[name]}
        aria-required={required}
        aria-invalid={invalid.includes(name)}
        onChange={(e) => set(name, e.target.value)}
      />
    </div>
  );

  return (
    <form className="contact-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="side-title">
        Contact Seller
      </h2>
      <div className="contact-names">
        {text('firstName', 'First name', 'text', 'given-name', true)}
        {text('lastName', 'Last name', 'text', 'family-name', true)}
      </div>
      {text('email', 'Email', 'email', 'email', true)}
      {text('phone', 'Phone', 'tel', 'tel', false)}
      {text('subject', 'Subject', 'text', 'off', true)}
      <div className="field">
        <label htmlFor={`${id}-message`}>
          Message <span className="required" aria-hidden="true">*</span>
        </label>
        <textarea
          id={`${id}-message`}
          name="message"
          className="textarea"
          rows={5}
          value={values.message}
          aria-required
          aria-invalid={invalid.includes('message')}
          onChange={(e) => set('message', e.target.value)}
        />
      </div>
      <label className="checkbox">
        <input type="checkbox" name="financing" checked={values.financing} onChange={(e) => set('financing', e.target.checked)} />
        <span>I'm interested in financing options</span>
      </label>
      <label className="checkbox">
        <input type="checkbox" name="tradeIn" checked={values.tradeIn} onChange={(e) => set('tradeIn', e.target.checked)} />
        <span>I have a trade-in vehicle</span>
      </label>
      <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={status === 'sending'}>
        {status === 'sending' ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
