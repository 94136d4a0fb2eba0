import { EmailLinkPage } from './email-link-page';

/** The link sent to a new e-mail address: following it moves the account to that address. */
export default function ConfirmEmailPage() {
  return (
    <EmailLinkPage
      endpoint="/api/auth/confirm-email"
      texts={{
        meta: ['Confirm Your Email Address', 'Confirm the new email address of your account.'],
        heading: 'Confirm your new email address',
        lead: 'Your account keeps its current address until you confirm.',
        button: 'Confirm this email address',
        pending: 'Confirming...',
        done: (email) => (
          <>
            Done: your account now uses <strong>{email}</strong>. Sign in with it from now on.
          </>
        ),
      }}
    />
  );
}
