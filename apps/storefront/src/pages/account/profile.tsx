import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { EMAIL_CHANGE_TTL_HOURS, PASSWORD_MIN_LENGTH, errorMessage, fieldErrorsText, type PublicUser } from '@app/shared';
import { api } from '../../api/client';
import { queryKeys } from '../../api/queries';
import { useDocumentMeta } from '../../hooks/use-document-meta';
import { toast } from '../../stores/toast';
import { PasswordField } from '../auth/PasswordField';
import { PasswordStrength, usePasswordVerdict } from '../auth/PasswordStrength';
import { RequireUser } from './RequireUser';
import './account.css';

const UNAUTHORIZED = { title: 'Unauthorized', description: 'Sign in to see your profile.' };
const SESSIONS_KEY = ['user', 'sessions'] as const;
const dateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** The form's fields by name. */
const fieldsOf = (event: FormEvent<HTMLFormElement>) => {
  const data = new FormData(event.currentTarget);
  return (name: string) => String(data.get(name) ?? '');
};

/** A section's failure beside its button: the API's field messages, or its message. */
function Problem({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p className="field-error" role="alert">
      {fieldErrorsText(error) || errorMessage(error)}
    </p>
  );
}

function NameSection({ user }: { user: PublicUser }) {
  const id = useId();
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (names: { firstName: string; lastName: string }) => api.json('/api/user', { method: 'PATCH', json: names }),
    onSuccess: (updated) => {
      client.setQueryData(queryKeys.user, updated);
      toast({ title: 'Name saved', variant: 'success' });
    },
  });
  return (
    <section className="profile-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Your name</h2>
      <form
        className="profile-form"
        onSubmit={(e) => {
          e.preventDefault();
          const field = fieldsOf(e);
          save.mutate({ firstName: field('firstName'), lastName: field('lastName') });
        }}
      >
        <div className="profile-names">
          <div className="field">
            <label htmlFor={`${id}-first`}>First name</label>
            <input id={`${id}-first`} name="firstName" className="input" autoComplete="given-name" maxLength={60} defaultValue={user.firstName ?? ''} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-last`}>Last name</label>
            <input id={`${id}-last`} name="lastName" className="input" autoComplete="family-name" maxLength={60} defaultValue={user.lastName ?? ''} />
          </div>
        </div>
        <Problem error={save.error} />
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save name'}
        </button>
      </form>
    </section>
  );
}

/**
 * Whether the address is verified: "Verified", or "Unverified" with the button that sends the link again
 * (until then the address gets account mail only: no search alerts, no notices about listings).
 */
function VerificationState({ user }: { user: PublicUser }) {
  const resend = useMutation({
    mutationFn: () => api.json('/api/account/verify-email/resend', { method: 'POST' }),
  });
  if (user.emailVerified) {
    return (
      <p className="profile-verification">
        <span className="status-badge status-approved">Verified</span>
      </p>
    );
  }
  return (
    <div className="profile-verification">
      <p>
        <span className="status-badge status-pending">Unverified</span>{' '}
        <span className="profile-note">Follow the link we e-mailed you: until then you get no search alerts or listing notices.</span>
      </p>
      <Problem error={resend.error} />
      {resend.isSuccess ? (
        <p role="status" className="profile-done">
          {resend.data.message}
        </p>
      ) : (
        <button type="button" className="btn btn-outline" onClick={() => resend.mutate()} disabled={resend.isPending}>
          {resend.isPending ? 'Sending...' : 'Send the link again'}
        </button>
      )}
    </div>
  );
}

function EmailSection({ user }: { user: PublicUser }) {
  const id = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (input: { email: string; password: string }) => api.json('/api/user/email', { method: 'POST', json: input }),
    onSuccess: (_, input) => setSentTo(input.email),
  });
  return (
    <section className="profile-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Email address</h2>
      <p className="profile-note">
        You sign in with <strong>{user.email}</strong>. A new address takes effect once you follow the link we send to it.
      </p>
      <VerificationState user={user} />
      <form
        className="profile-form"
        onSubmit={(e) => {
          e.preventDefault();
          const field = fieldsOf(e);
          setSentTo(null);
          change.mutate({ email: field('email').trim(), password: field('password') });
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-email`}>
            New email address <span className="required" aria-hidden="true">*</span>
          </label>
          <input id={`${id}-email`} name="email" type="email" className="input" autoComplete="email" required />
        </div>
        <PasswordField id={`${id}-password`} label="Current password" autoComplete="current-password" />
        <Problem error={change.error} />
        {sentTo ? (
          <p role="status" className="profile-done">
            We sent a link to <strong>{sentTo}</strong>. Follow it within {EMAIL_CHANGE_TTL_HOURS} hours to start using that address.
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={change.isPending}>
          {change.isPending ? 'Sending...' : 'Send confirmation link'}
        </button>
      </form>
    </section>
  );
}

function PasswordSection() {
  const id = useId();
  const client = useQueryClient();
  const [draft, setDraft] = useState('');
  const verdict = usePasswordVerdict(draft, {});
  const change = useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) => api.request('/api/user/password', { method: 'POST', json: input }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: SESSIONS_KEY });
      toast({ title: 'Password changed', description: 'Your other devices were signed out.', variant: 'success' });
    },
  });
  return (
    <section className="profile-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Password</h2>
      <form
        className="profile-form"
        onChange={(e) => {
          const input = e.target as unknown as HTMLInputElement;
          if (input.name === 'newPassword') setDraft(input.value);
        }}
        onSubmit={(e) => {
          e.preventDefault();
          const field = fieldsOf(e);
          change.mutate({ currentPassword: field('currentPassword'), newPassword: field('newPassword') }, { onSuccess: () => (e.target as HTMLFormElement).reset() });
        }}
      >
        <PasswordField id={`${id}-current`} name="currentPassword" label="Current password" autoComplete="current-password" />
        <PasswordField
          id={`${id}-new`}
          name="newPassword"
          label="New password"
          autoComplete="new-password"
          hint={`Must be at least ${PASSWORD_MIN_LENGTH} characters and not a common password. Your other devices are signed out.`}
          strength={<PasswordStrength id={`${id}-strength`} verdict={verdict} />}
          strengthId={`${id}-strength`}
        />
        <Problem error={change.error} />
        <button type="submit" className="btn btn-primary" disabled={change.isPending}>
          {change.isPending ? 'Saving...' : 'Change password'}
        </button>
      </form>
    </section>
  );
}

function SessionsSection() {
  const id = useId();
  const client = useQueryClient();
  const sessions = useQuery({ queryKey: SESSIONS_KEY, queryFn: () => api.json('/api/user/sessions') });
  const end = useMutation({
    mutationFn: (sessionId: string) => api.request(`/api/user/sessions/${sessionId}`, { method: 'DELETE' }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: SESSIONS_KEY });
      toast({ title: 'Signed out on that device', variant: 'success' });
    },
  });
  return (
    <section className="profile-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Where you are signed in</h2>
      {sessions.isPending ? <p className="profile-note">Loading...</p> : null}
      {sessions.isError ? <Problem error={sessions.error} /> : null}
      <ul className="profile-sessions">
        {sessions.data?.map((s) => (
          <li key={s.id}>
            <span>
              <strong>{s.device}</strong>
              {s.current ? <span className="profile-this">This device</span> : null}
              <span className="profile-note">
                Signed in {dateTime.format(new Date(s.signedInAt))} · active {dateTime.format(new Date(s.lastActiveAt))}
              </span>
            </span>
            {s.current ? null : (
              <button type="button" className="btn btn-outline" onClick={() => end.mutate(s.id)} disabled={end.isPending && end.variables === s.id}>
                Sign out<span className="visually-hidden"> {s.device}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      <Problem error={end.error} />
    </section>
  );
}

function DeleteSection() {
  const id = useId();
  const client = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: (password: string) => api.request('/api/user', { method: 'DELETE', json: { password } }),
    onSuccess: () => {
      client.setQueryData(queryKeys.user, null);
      toast({ title: 'Account deleted', description: 'Your account, listings and photos are gone.', variant: 'success' });
      void navigate('/', { replace: true });
    },
  });
  return (
    <section className="profile-section profile-danger" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Delete your account</h2>
      <p className="profile-note">This deletes your account with every listing and photo in it, at once and for good, as our privacy policy promises.</p>
      <form
        className="profile-form"
        onSubmit={(e) => {
          e.preventDefault();
          remove.mutate(fieldsOf(e)('password'));
        }}
      >
        <PasswordField id={`${id}-password`} label="Current password" autoComplete="current-password" />
        <label className="checkbox">
          <input name="sure" type="checkbox" required />
          <span>I understand that my listings and photos are deleted too</span>
        </label>
        <Problem error={remove.error} />
        <button type="submit" className="btn btn-primary profile-delete" disabled={remove.isPending}>
          {remove.isPending ? 'Deleting...' : 'Delete my account'}
        </button>
      </form>
    </section>
  );
}

function Profile({ user }: { user: PublicUser }) {
  return (
    <div className="container page profile-page">
      <h1>Your profile</h1>
      <NameSection user={user} />
      <EmailSection user={user} />
      <PasswordSection />
      <SessionsSection />
      <DeleteSection />
    </div>
  );
}

export default function ProfilePage() {
  useDocumentMeta('Your Profile', 'Your name, email address, password and devices.');
  return (
    <RequireUser unauthorized={UNAUTHORIZED} skeleton={<div className="container page" aria-busy="true" />}>
      {(user) => <Profile user={user} />}
    </RequireUser>
  );
}
