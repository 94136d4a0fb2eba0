import { useState, type ReactNode } from 'react';
import { PASSWORD_MIN_LENGTH } from '@app/shared';
import { EyeIcon, EyeOffIcon } from '../../components/icons';
import './auth.css';

interface PasswordFieldProps {
  id: string;
  /** The visible label (default "Password"). */
  label?: string;
  /** The form field's name (default "password"). */
  name?: string;
  autoComplete: string;
  hint?: string;
  /** The live strength meter under the field (Create Account). */
  strength?: ReactNode;
  strengthId?: string;
}

/** A password input with show/hide, an optional hint and strength meter. */
export function PasswordField({ id, label = 'Password', name = 'password', autoComplete, hint, strength, strengthId }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const describedBy = [hint ? `${id}-hint` : null, strength && strengthId ? strengthId : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>
        {label} <span className="required" aria-hidden="true">*</span>
      </label>
      <div className="password-wrap">
        <input
          id={id}
          name={name}
          type={visible ? 'text' : 'password'}
          className="input"
          autoComplete={autoComplete}
          required
          minLength={hint ? PASSWORD_MIN_LENGTH : undefined}
          aria-describedby={describedBy || undefined}
        />
        <button
          type="button"
          className="password-toggle"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
        >
          {visible ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
        </button>
      </div>
      {hint ? (
        <span id={`${id}-hint`} className="field-hint">
          {hint}
        </span>
      ) : null}
      {strength}
    </div>
  );
}
