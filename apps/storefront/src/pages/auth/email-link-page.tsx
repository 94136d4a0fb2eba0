import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage, fieldErrorsText, sitePath } from '@app/shared';
import { api } from '../../api/client';
import { queryKeys } from '../../api/queries';
import { useDocumentMeta } from '../../hooks/use-document-meta';
import './auth.css';

export interface EmailLinkTexts {
  /** The document title and description. */
  meta: [title: string, description: string];
  heading: string;
  /** Above the button: what happens until the link is followed. */
  lead: string;
  button: string;
  pending: string;
  /** Once followed, for the address the API answers with. */
  done: (email: string) => ReactNode;
}

/**
 * A page an e-mailed link opens (`?token=…`): one click posts the token to `endpoint` (a mail scanner that opens
 * links follows nothing), in any browser, signed in or not; the account's cached user is asked for again after.
 */
export function EmailLinkPage({ endpoint, texts }: { endpoint: '/api/auth/verify-email' | '/api/auth/confirm-email'; texts: EmailLinkTexts }) {
  useDocumentMeta(...texts.meta);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const client = useQueryClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [followed, setFollowed] = useState<string | null>(null);

  const follow = async () => {
    setPending(true);
    setError(null);
    try {
      const { email } = await api.json(endpoint, { method: 'POST', json: { token } });
      setFollowed(email);
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
        <h1 className="auth-title">{texts.heading}</h1>
        {followed ? (
          <div role="status" className="auth-done">
            <p>{texts.done(followed)}</p>
            <Link className="btn btn-primary btn-block btn-lg" to={sitePath('/profile')}>
              Go to your profile
            </Link>
          </div>
        ) : token ? (
          <>
            <p className="auth-lead">{texts.lead}</p>
            {error ? (
              <p className="field-error" role="alert">
                {error}
              </p>
            ) : null}
            <button type="button" className="btn btn-primary btn-block btn-lg" onClick={() => void follow()} disabled={pending}>
              {pending ? texts.pending : texts.button}
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
