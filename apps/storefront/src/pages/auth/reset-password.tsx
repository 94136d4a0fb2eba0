import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH, errorMessage, fieldErrorsText, sitePath } from '@app/shared';
import { api } from '../../api/client';
import { queryKeys } from '../../api/queries';
import { useDocumentMeta } from '../../hooks/use-document-meta';
import { toast } from '../../stores/toast';
import { PasswordField } from './PasswordField';
import { PasswordStrength, usePasswordVerdict } from './PasswordStrength';
import './auth.css';

/** The e-mailed link's page: choose a new password, then sign in with it (every session has ended). */
export default function ResetPasswordPage() {
  useDocumentMeta('Choose a New Password', 'Choose a new password for your account.');
  const id = useId();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const verdict = usePasswordVerdict(password, {});

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await api.json('/api/auth/reset-password', { method: 'POST', json: { token, password } });
      // Every session of the account ended, this browser's too.
      queryClient.setQueryData(queryKeys.user, null);
      toast({ title: 'Password changed', description: 'Sign in with your new password.', variant: 'success' });
      void navigate(sitePath('/auth'), { replace: true });
    } catch (e) {
      setError(fieldErrorsText(e) || errorMessage(e));
      setPending(false);
    }
  };

  return (
    <div className="container page auth-page">
      <div className="auth-card">
        <h1 className="auth-title">Choose a new password</h1>
        {token ? (
          <>
            <p className="auth-lead">Choosing a new password signs your account out on every device.</p>
            <form onSubmit={submit} onChange={(e) => setPassword((e.target as unknown as HTMLInputElement).value)}>
              <PasswordField
                id={`${id}-password`}
                label="New password"
                autoComplete="new-password"
                hint={`Must be at least ${PASSWORD_MIN_LENGTH} characters and not a common password`}
                strength={<PasswordStrength id={`${id}-strength`} verdict={verdict} />}
                strengthId={`${id}-strength`}
              />
              {error ? (
                <p className="field-error" role="alert">
                  {error}
                </p>
              ) : null}
              <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={pending}>
                {pending ? 'Saving...' : 'Save the new password'}
              </button>
            </form>
          </>
        ) : (
          <p role="alert" className="field-error">
            This page needs the link from the e-mail we sent you.
          </p>
        )}
        <p className="auth-forgot">
          <Link to={sitePath('/forgot-password')}>Ask for a new link</Link>
        </p>
      </div>
    </div>
  );
}
