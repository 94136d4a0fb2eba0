import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { errorMessage, fieldErrorsText, sitePath } from '@app/shared';
import { api } from '../../api/client';
import { useDocumentMeta } from '../../hooks/use-document-meta';
import '../auth/auth.css';

/**
 * The unsubscribe link of an alert e-mail, for a person (mail clients that honour RFC 8058 POST the link
 * themselves). Turning the alert off takes a click, without signing in: opening the page changes nothing, as
 * link scanners open every link of an e-mail.
 */
export default function UnsubscribePage() {
  useDocumentMeta('Unsubscribe', 'Turn off the e-mail alerts of a saved search.');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const off = useMutation({
    mutationFn: () => api.json('/api/searches/unsubscribe', { method: 'POST', json: { token } }),
  });

  return (
    <div className="container page auth-page">
      <div className="auth-card">
        <h1 className="auth-title">Unsubscribe from alerts</h1>
        {off.data ? (
          <div role="status" className="auth-done">
            <p>
              Done: alerts for <strong>{off.data.name}</strong> are off. The search itself stays saved; you can turn its alerts back on under Saved
              searches.
            </p>
            <Link className="btn btn-primary btn-block btn-lg" to={sitePath('/saved-searches')}>
              Go to saved searches
            </Link>
          </div>
        ) : token ? (
          <>
            <p className="auth-lead">You will get no more e-mails about this saved search.</p>
            {off.error ? (
              <p className="field-error" role="alert">
                {fieldErrorsText(off.error) || errorMessage(off.error)}
              </p>
            ) : null}
            <button type="button" className="btn btn-primary btn-block btn-lg" onClick={() => off.mutate()} disabled={off.isPending}>
              {off.isPending ? 'Turning off...' : 'Turn off these alerts'}
            </button>
          </>
        ) : (
          <p role="alert" className="field-error">
            This page needs the unsubscribe link from one of our alert e-mails.
          </p>
        )}
      </div>
    </div>
  );
}
