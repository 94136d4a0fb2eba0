import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { PASSWORD_MIN_LENGTH, sitePath, type PublicUser } from '@app/shared';
import { errorMessage, fieldErrorsText } from '@app/shared';
import { api } from '../../api/client';
import { queryKeys, usePublicConfigQuery } from '../../api/queries';
import { toast } from '../../stores/toast';
import { PasswordField } from './PasswordField';
import { PasswordStrength, usePasswordVerdict } from './PasswordStrength';
import './auth.css';

export type AuthTab = 'signin' | 'register';

interface AuthFormProps {
  tab: AuthTab;
  onTab: (tab: AuthTab) => void;
  /** Signed in or registered: the user is already in the query cache. */
  onSignedIn: (user: PublicUser) => void;
  /** A request is under way (the page holds its redirect of a signed-in visitor meanwhile). */
  onBusyChange?: (busy: boolean) => void;
}

/**
 * The Sign In and Create Account tabs with their form: the /auth page and the sign-in dialog of "Save this
 * search" both show this one form.
 */
export function AuthForm({ tab, onTab, onSignedIn, onBusyChange }: AuthFormProps) {
  const queryClient = useQueryClient();
  const [pending, setPendingState] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const baseId = useId();
  const tabs = useRef<Record<AuthTab, HTMLButtonElement | null>>({ signin: null, register: null });
  // What Create Account's strength meter judges: the password with the e-mail, names and site name.
  const [draft, setDraft] = useState({ email: '', firstName: '', lastName: '', password: '' });
  const siteName = usePublicConfigQuery()?.siteName;
  const verdict = usePasswordVerdict(tab === 'register' ? draft.password : '', { ...draft, siteName });

  const setPending = (busy: boolean) => {
    setPendingState(busy);
    onBusyChange?.(busy);
  };

  const select = (next: AuthTab) => {
    setError(null);
    onTab(next);
  };

  const onTabKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      const next: AuthTab = tab === 'signin' ? 'register' : 'signin';
      select(next);
      tabs.current[next]?.focus();
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const data = new FormData(event.currentTarget);
    const field = (name: string) => String(data.get(name) ?? '').trim();
    setPending(true);
    setError(null);
    try {
      let user: PublicUser;
      if (tab === 'signin') {
        user = await api.json('/api/login', {
          method: 'POST',
          json: { email: field('email'), password: String(data.get('password') ?? '') },
        });
        queryClient.setQueryData(queryKeys.user, user);
        toast({ title: 'Welcome back!', description: 'You have successfully signed in.', variant: 'success' });
      } else {
        user = await api.json('/api/register', {
          method: 'POST',
          json: {
            firstName: field('firstName'),
            lastName: field('lastName'),
            email: field('email'),
            password: String(data.get('password') ?? ''),
          },
        });
        queryClient.setQueryData(queryKeys.user, user);
        toast({
          title: 'Account created!',
          description: `Welcome${user.firstName ? `, ${user.firstName}` : ''}! Your account is ready. Follow the link we e-mailed you to verify your address.`,
          variant: 'success',
        });
      }
      onSignedIn(user);
    } catch (e) {
      // A refused field (e.g. a common password) says why; anything else shows the answer's message.
      const message = fieldErrorsText(e) || errorMessage(e);
      setError(message);
      toast({ title: tab === 'signin' ? 'Sign in failed' : 'Registration failed', description: message, variant: 'destructive' });
      setPending(false);
    }
  };

  const panelId = `${baseId}-panel`;
  return (
    <>
      <div className="auth-tabs" role="tablist" aria-label="Account" onKeyDown={onTabKey}>
        {(['signin', 'register'] as const).map((t) => (
          <button
            key={t}
            ref={(el) => {
              tabs.current[t] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-${t}`}
            aria-selected={tab === t}
            aria-controls={panelId}
            tabIndex={tab === t ? 0 : -1}
            className="auth-tab"
            onClick={() => select(t)}
          >
            {t === 'signin' ? 'Sign In' : 'Create Account'}
          </button>
        ))}
      </div>
      <form
        key={tab}
        id={panelId}
        role="tabpanel"
        aria-labelledby={`${baseId}-${tab}`}
        onSubmit={submit}
        onChange={(e) => {
          const input = e.target as unknown as HTMLInputElement;
          if (input.name in draft) setDraft((d) => ({ ...d, [input.name]: input.value }));
        }}
        noValidate={false}
      >
        {tab === 'register' ? (
          <div className="auth-names">
            <div className="field">
              <label htmlFor={`${baseId}-first`}>First name</label>
              <input id={`${baseId}-first`} name="firstName" className="input" autoComplete="given-name" maxLength={60} />
            </div>
            <div className="field">
              <label htmlFor={`${baseId}-last`}>Last name</label>
              <input id={`${baseId}-last`} name="lastName" className="input" autoComplete="family-name" maxLength={60} />
            </div>
          </div>
        ) : null}
        <div className="field">
          <label htmlFor={`${baseId}-email`}>
            Email <span className="required" aria-hidden="true">*</span>
          </label>
          <input id={`${baseId}-email`} name="email" type="email" className="input" autoComplete="email" required />
        </div>
        <PasswordField
          id={`${baseId}-password`}
          autoComplete={tab === 'signin' ? 'current-password' : 'new-password'}
          hint={tab === 'register' ? `Must be at least ${PASSWORD_MIN_LENGTH} characters and not a common password` : undefined}
          strength={tab === 'register' ? <PasswordStrength id={`${baseId}-strength`} verdict={verdict} /> : undefined}
          strengthId={`${baseId}-strength`}
        />
        {tab === 'signin' ? (
          <p className="auth-forgot">
            <Link to={sitePath('/forgot-password')}>Forgot password?</Link>
          </p>
        ) : null}
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={pending}>
          {tab === 'signin' ? (pending ? 'Signing In...' : 'Sign In') : pending ? 'Creating Account...' : 'Create Account'}
        </button>
      </form>
    </>
  );
}
