import { EmailLinkPage } from './email-link-page';

/** The link sent to a new account's address: following it verifies the address. */
export default function VerifyEmailPage() {
  return (
    <EmailLinkPage
      endpoint="/api/auth/verify-email"
      texts={{
        meta: ['Verify Your Email Address', 'Verify the email address of your account.'],
        heading: 'Verify your email address',
        lead: 'Until you verify it, we send your address only messages about your account.',
        button: 'Verify my email address',
        pending: 'Verifying...',
        done: (email) => (
          <>
            Done: <strong>{email}</strong> is verified. Search alerts and notices about your listings can reach you now.
          </>
        ),
      }}
    />
  );
}
