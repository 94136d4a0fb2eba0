import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../api/queries';
import { PageSpinner } from '../../components/PageSpinner';
import { useDocumentMeta } from '../../hooks/use-document-meta';
import { AuthForm, type AuthTab } from './AuthForm';
import './auth.css';

/** Only same-site paths are followed after sign-in. */
function safeReturn(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : '/';
}

export default function AuthPage() {
  useDocumentMeta('Sign In', 'Sign in or create an account to list your car for free.');
  const { user, isLoading } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const tab: AuthTab = params.get('tab') === 'register' ? 'register' : 'signin';
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  if (isLoading) return <PageSpinner />;
  if (user && !pending) return <Navigate to="/" replace />;

  const returnTo = safeReturn(params.get('returnTo'));
  const select = (next: AuthTab) => {
    const nextParams = new URLSearchParams(params);
    if (next === 'register') nextParams.set('tab', 'register');
    else nextParams.delete('tab');
    setParams(nextParams, { replace: true });
  };

  return (
    <div className="container page auth-page">
      <div className="auth-card">
        <h1 className="auth-title">{tab === 'signin' ? 'Welcome back' : 'Create your account'}</h1>
        <p className="auth-lead">List your car for free and let our team handle the buyers.</p>
        <AuthForm tab={tab} onTab={select} onBusyChange={setPending} onSignedIn={() => void navigate(returnTo, { replace: true })} />
      </div>
    </div>
  );
}
