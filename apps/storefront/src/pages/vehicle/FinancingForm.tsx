import { useId, useRef, useState, type FormEvent } from 'react';
import { CREDIT_HISTORIES, fieldErrorMap, ID_TYPES, vehicleTitle } from '@app/shared';
import { api } from '../../api/client';
import { useTypedBeforeHydration } from '../../lib/typed-before-hydration';
import { toast } from '../../stores/toast';

const ID_LABELS: Record<(typeof ID_TYPES)[number], string> = { 'drivers-license': "Driver's license", passport: 'Passport', 'state-id': 'State ID' };
const CREDIT_LABELS: Record<(typeof CREDIT_HISTORIES)[number], string> = { excellent: 'Excellent', good: 'Good', fair: 'Fair', poor: 'Poor', none: 'No credit history' };

type Field = 'name' | 'email' | 'phone' | 'idType' | 'idNumber' | 'annualIncome' | 'creditHistory' | 'hasInsurance' | 'insurer';
const EMPTY = { name: '', email: '', phone: '', idType: 'drivers-license', idNumber: '', annualIncome: '', creditHistory: 'good', hasInsurance: true, insurer: '' };

/**
 * Financing pre-qualification on the listing page (SPEC.md: ID, income, credit history, insurance): the answers
 * go to the desk and the partner dealership as a financing lead, sealed at rest and never shown to the seller.
 */
export function FinancingForm({ vehicle }: { vehicle: { id: number; year: number; make: string; model: string } }) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const fid = (f: Field) => `${id}-${f}`;
  const set = <K extends keyof typeof EMPTY>(name: K, value: (typeof EMPTY)[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  // The server draws the form; what the visitor typed into it before it was hydrated becomes its state.
  useTypedBeforeHydration(form, (name, value) => {
    const field = name as Field;
    if (field in EMPTY && typeof EMPTY[field] === typeof value) set(field, value as never);
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    try {
      await api.request('/api/financing', {
        method: 'POST',
        json: {
          vehicleId: vehicle.id,
          name: values.name,
          email: values.email,
          ...(values.phone.trim() ? { phone: values.phone } : {}),
          idType: values.idType,
          idNumber: values.idNumber,
          annualIncome: values.annualIncome.trim() === '' ? '' : Number(values.annualIncome.replace(/[$,\s]/g, '')),
          creditHistory: values.creditHistory,
          hasInsurance: values.hasInsurance,
          ...(values.hasInsurance && values.insurer.trim() ? { insurer: values.insurer } : {}),
        },
      });
      setValues(EMPTY);
      setErrors({});
      setSent(true);
    } catch (error) {
      const found = fieldErrorMap(error) as Partial<Record<Field, string>>;
      if (Object.keys(found).length > 0) {
        setErrors(found);
        const first = (Object.keys(EMPTY) as Field[]).find((f) => found[f]);
        if (first) document.getElementById(fid(first))?.focus();
      } else {
        toast({ title: 'Error', description: 'Failed to send the request. Please try again.', variant: 'destructive' });
      }
    } finally {
      setSending(false);
    }
  };

  const described = (f: Field) => ({ 'aria-invalid': Boolean(errors[f]), 'aria-describedby': errors[f] ? `${fid(f)}-error` : undefined });
  const error = (f: Field) => (errors[f] ? <p id={`${fid(f)}-error`} className="field-error">{errors[f]}</p> : null);

  return (
    <details className="financing-form">
      <summary>Get pre-qualified for financing</summary>
      {sent ? (
        <p role="status" className="contact-sent">
          Thank you: our financing partner will review your answers for the {vehicleTitle(vehicle)} and your associate will be in touch.
        </p>
      ) : (
        <form ref={form} onSubmit={submit} noValidate aria-label="Financing pre-qualification">
          <p className="financing-note">Your ID, income and credit answers are encrypted, seen only by our desk and the partner dealership, never by the seller, and deleted after review.</p>
          <div className="field">
            <label htmlFor={fid('name')}>Full name</label>
            <input id={fid('name')} name="name" className="input" autoComplete="name" value={values.name} onChange={(e) => set('name', e.target.value)} {...described('name')} />
            {error('name')}
          </div>
          <div className="field">
            <label htmlFor={fid('email')}>Email</label>
            <input id={fid('email')} name="email" className="input" type="email" autoComplete="email" value={values.email} onChange={(e) => set('email', e.target.value)} {...described('email')} />
            {error('email')}
          </div>
          <div className="field">
            <label htmlFor={fid('phone')}>
              Phone <span className="optional">(optional)</span>
            </label>
            <input id={fid('phone')} name="phone" className="input" type="tel" autoComplete="tel" value={values.phone} onChange={(e) => set('phone', e.target.value)} {...described('phone')} />
            {error('phone')}
          </div>
          <div className="field">
            <label htmlFor={fid('idType')}>ID</label>
            <select id={fid('idType')} name="idType" className="input" value={values.idType} onChange={(e) => set('idType', e.target.value)} {...described('idType')}>
              {ID_TYPES.map((t) => (
                <option key={t} value={t}>
                  {ID_LABELS[t]}
                </option>
              ))}
            </select>
            {error('idType')}
          </div>
          <div className="field">
            <label htmlFor={fid('idNumber')}>ID number</label>
            <input id={fid('idNumber')} name="idNumber" className="input" autoComplete="off" value={values.idNumber} onChange={(e) => set('idNumber', e.target.value)} {...described('idNumber')} />
            {error('idNumber')}
          </div>
          <div className="field">
            <label htmlFor={fid('annualIncome')}>Annual income ($)</label>
            <input id={fid('annualIncome')} name="annualIncome" className="input" inputMode="decimal" autoComplete="off" value={values.annualIncome} onChange={(e) => set('annualIncome', e.target.value)} {...described('annualIncome')} />
            {error('annualIncome')}
          </div>
          <div className="field">
            <label htmlFor={fid('creditHistory')}>Credit history</label>
            <select id={fid('creditHistory')} name="creditHistory" className="input" value={values.creditHistory} onChange={(e) => set('creditHistory', e.target.value)} {...described('creditHistory')}>
              {CREDIT_HISTORIES.map((c) => (
                <option key={c} value={c}>
                  {CREDIT_LABELS[c]}
                </option>
              ))}
            </select>
            {error('creditHistory')}
          </div>
          <label className="checkbox">
            <input type="checkbox" name="hasInsurance" checked={values.hasInsurance} onChange={(e) => set('hasInsurance', e.target.checked)} /> I have car insurance
          </label>
          {values.hasInsurance && (
            <div className="field">
              <label htmlFor={fid('insurer')}>
                Insurer <span className="optional">(optional)</span>
              </label>
              <input id={fid('insurer')} name="insurer" className="input" value={values.insurer} onChange={(e) => set('insurer', e.target.value)} {...described('insurer')} />
              {error('insurer')}
            </div>
          )}
          <button type="submit" className="btn btn-outline btn-block" disabled={sending}>
            {sending ? 'Sending…' : 'Send for pre-qualification'}
          </button>
        </form>
      )}
    </details>
  );
}
