import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { PASSWORD_RESET_TTL_MINUTES, errorMessage, fieldErrorsText, sitePath } from '@app/shared';
import { api } from '../../api/client';
import { useDocumentMeta } from '../../hooks/use-document-meta';
import './auth.css';

/** "Forgot password?": asks for the account's e-mail and says what happens next, whatever the address. */
export default function ForgotPasswordPage() {
  useDocumentMeta('Forgot Password', 'Get a link to choose a new password for your account.');
  const id = useId();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setPending(true);
    setError(null);
    try {
      await api.json('/api/auth/forgot-password', { method: 'POST', json: { email } });
      setSentTo(email);
    } catch (e) {
      setError(fieldErrorsText(e) || errorMessage(e));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="container page auth-page">
      <div className="auth-card">
        <h1 className="auth-title">Forgot your password?</h1>
        {sentTo ? (
          <div role="status" className="auth-done">
            <p>
              If an account uses <strong>{sentTo}</strong>, we have sent it a link to choose a new password. The link works once, for{' '}
              {PASSWORD_RESET_TTL_MINUTES} minutes.
            </p>
            <p>No e-mail after a few minutes? Check your spam folder, or ask again.</p>
            <Link className="btn btn-primary btn-block btn-lg" to={sitePath('/auth')}>
              Back to Sign In
            </Link>
          </div>
        ) : (
          <>
            <p className="auth-lead">Enter the email address of your account and we will send you a link to choose a new password.</p>
            <form onSubmit={submit}>
              <div className="field">
                <label htmlFor={`${id}-email`}>
                  Email <span className="required" aria-hidden="true">*</span>
                </label>
                <input id={`${id}-email`} name="email" type="email" className="input" autoComplete="email" required aria-describedby={error ? `${id}-error` : undefined} />
              </div>
              {error ? (
                <p id={`${id}-error`} className="field-error" role="alert">
                  {error}
                </p>
              ) : null}
              <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={pending}>
                {pending ? 'Sending...' : 'Send the link'}
              </button>
            </form>
            <p className="auth-forgot">
              <Link to={sitePath('/auth')}>Back to Sign In</Link>
            </p>
          </>
        )}
      </div>
    </div>
  );
}
