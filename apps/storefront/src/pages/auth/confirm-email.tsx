import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage, fieldErrorsText, sitePath } from '@app/shared';
import { api } from '../../api/client';
import { queryKeys } from '../../api/queries';
import { useDocumentMeta } from '../../hooks/use-document-meta';
import './auth.css';

/**
 * The link sent to a new e-mail address. Confirming takes a click (a mail scanner that opens links does not
 * change anyone's address); it works in any browser, signed in or not.
 */
export default function ConfirmEmailPage() {
  useDocumentMeta('Confirm Your Email Address', 'Confirm the new email address of your account.');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const client = useQueryClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState<string | null>(null);

  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      const { email } = await api.json<{ email: string }>('/api/auth/confirm-email', { method: 'POST', json: { token } });
      setConfirmed(email);
      void client.invalidateQueries({ queryKey: queryKeys.user });
    } catch (e) {
      setError(fieldErrorsText(e) || errorMessage(e));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="container page auth-page">
      <div className="auth-card">
        <h1 className="auth-title">Confirm your new email address</h1>
        {confirmed ? (
          <div role="status" className="auth-done">
            <p>
              Done: your account now uses <strong>{confirmed}</strong>. Sign in with it from now on.
            </p>
            <Link className="btn btn-primary btn-block btn-lg" to={sitePath('/profile')}>
              Go to your profile
            </Link>
          </div>
        ) : token ? (
          <>
            <p className="auth-lead">Your account keeps its current address until you confirm.</p>
            {error ? (
              <p className="field-error" role="alert">
                {error}
              </p>
            ) : null}
            <button type="button" className="btn btn-primary btn-block btn-lg" onClick={() => void confirm()} disabled={pending}>
              {pending ? 'Confirming...' : 'Confirm this email address'}
            </button>
          </>
        ) : (
          <p role="alert" className="field-error">
            This page needs the link from the e-mail we sent you.
          </p>
        )}
      </div>
    </div>
  );
}
