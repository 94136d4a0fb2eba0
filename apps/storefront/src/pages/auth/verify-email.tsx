import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage, fieldErrorsText, sitePath } from '@app/shared';
import { api } from '../../api/client';
import { queryKeys } from '../../api/queries';
import { useDocumentMeta } from '../../hooks/use-document-meta';
import './auth.css';

/**
 * The link sent to a new account's address. Verifying takes a click (a mail scanner that opens links does not
 * verify anyone's address); it works in any browser, signed in or not.
 */
export default function VerifyEmailPage() {
  useDocumentMeta('Verify Your Email Address', 'Verify the email address of your account.');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const client = useQueryClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [verified, setVerified] = useState<string | null>(null);

  const verify = async () => {
    setPending(true);
    setError(null);
    try {
      const { email } = await api.json<{ email: string }>('/api/auth/verify-email', { method: 'POST', json: { token } });
      setVerified(email);
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
        <h1 className="auth-title">Verify your email address</h1>
        {verified ? (
          <div role="status" className="auth-done">
            <p>
              Done: <strong>{verified}</strong> is verified. Search alerts and notices about your listings can reach you now.
            </p>
            <Link className="btn btn-primary btn-block btn-lg" to={sitePath('/profile')}>
              Go to your profile
            </Link>
          </div>
        ) : token ? (
          <>
            <p className="auth-lead">Until you verify it, we send your address only messages about your account.</p>
            {error ? (
              <p className="field-error" role="alert">
                {error}
              </p>
            ) : null}
            <button type="button" className="btn btn-primary btn-block btn-lg" onClick={() => void verify()} disabled={pending}>
              {pending ? 'Verifying...' : 'Verify my email address'}
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
