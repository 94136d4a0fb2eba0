import { useId, useRef, useState } from 'react';
import { defaultDownPayment, FINANCING_TERMS, formatPrice, monthlyPayment } from '@app/shared';
import { Link } from 'react-router';
import { useTypedBeforeHydration } from '../../lib/typed-before-hydration';

/**
 * An estimated monthly payment on the partner dealership's terms (from 3.75 % APR), with the down payment
 * and the loan length the buyer chooses. An estimate, and it says so: the rate depends on credit.
 */
export function PaymentEstimate({ price }: { price: number }) {
  const id = useId();
  const [downText, setDownText] = useState(() => String(defaultDownPayment(price)));
  const [term, setTerm] = useState<number>(FINANCING_TERMS.defaultTermMonths);
  const section = useRef<HTMLElement>(null);
  // The server draws the estimate; a down payment or term the visitor chose before it was hydrated is kept.
  useTypedBeforeHydration(section, (name, value) => {
    if (name === 'downPayment' && typeof value === 'string') setDownText(value);
    if (name === 'term' && typeof value === 'string') setTerm(Number(value));
  });
  const parsed = Number(downText.replace(/[$,\s]/g, ''));
  const valid = downText.trim() !== '' && Number.isFinite(parsed) && parsed >= 0 && parsed < price;
  const down = valid ? parsed : 0;
  const payment = monthlyPayment(price - down, FINANCING_TERMS.fromApr, term);
  return (
    <section ref={section} className="payment-estimate" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="payment-title">
        Estimated payment
      </h2>
      <p className="payment-amount">
        <output htmlFor={`${id}-down ${id}-term`} aria-live="polite">
          {formatPrice(payment)}
          <small>/mo</small>
        </output>
      </p>
      <div className="payment-fields">
        <div className="payment-field">
          <label htmlFor={`${id}-down`}>Down payment</label>
          <input
            id={`${id}-down`}
            name="downPayment"
            className="input"
            inputMode="numeric"
            value={downText}
            aria-invalid={valid ? undefined : true}
            aria-describedby={valid ? `${id}-note` : `${id}-down-error`}
            onChange={(e) => setDownText(e.target.value)}
          />
          {valid ? null : (
            <span id={`${id}-down-error`} className="field-error" role="alert">
              Enter an amount from $0 to {formatPrice(Math.max(0, price - 1))}
            </span>
          )}
        </div>
        <div className="payment-field">
          <label htmlFor={`${id}-term`}>Loan term</label>
          <select id={`${id}-term`} name="term" className="input" value={term} onChange={(e) => setTerm(Number(e.target.value))}>
            {FINANCING_TERMS.termMonths.map((m) => (
              <option key={m} value={m}>
                {m} months
              </option>
            ))}
          </select>
        </div>
      </div>
      <p id={`${id}-note`} className="payment-note">
        {formatPrice(price - down)} financed at {FINANCING_TERMS.fromApr}% APR, our partner dealership’s lowest rate; your rate depends on your credit. Taxes and fees
        not included. <Link to="/financing">About financing</Link>
      </p>
    </section>
  );
}
