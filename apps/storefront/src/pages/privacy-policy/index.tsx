import type { ReactNode } from 'react';
import { usePublicConfigQuery } from '../../api/queries';
import { useDocumentMeta } from '../../hooks/use-document-meta';
import { telHref } from '../../lib/phone';
import '../content.css';

interface Section {
  id: string;
  title: string;
  body: ReactNode;
}

function sections(siteName: string, phone: string): Section[] {
  return [
    {
      id: 'information-we-collect',
      title: 'Information We Collect',
      body: (
        <>
          <p>We collect only what we need to list vehicles and connect buyers with sellers:</p>
          <ul>
            <li>Account details: your name, e-mail address and password (stored only as a secure hash).</li>
            <li>
              Listing details: the vehicle’s description, photos, price, location, VIN, service history and the contact
              details you give for the listing.
            </li>
            <li>Messages: what you send through a Contact Seller form, including your name, e-mail and phone number.</li>
            <li>
              Usage data: the pages you visit, your browser type and a shortened form of your IP address, used for site
              statistics.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'how-we-use-information',
      title: 'How We Use Your Information',
      body: (
        <ul>
          <li>To publish and manage your listings and show them to buyers.</li>
          <li>To pass buyer enquiries to our sales associates, who respond on the seller’s behalf.</li>
          <li>To contact you about your listing, a vehicle you asked about, or financing you asked for.</li>
          <li>To keep the site secure, prevent fraud and abuse, and understand which pages are useful.</li>
        </ul>
      ),
    },
    {
      id: 'information-sharing',
      title: 'Information Sharing',
      body: (
        <p>
          We do not sell your personal information. We share it only with our partner dealership when you ask about
          financing or a purchase, with service providers who host and run the site for us under confidentiality
          obligations, and with authorities when the law requires it. Public listings show the vehicle’s details and
          photos, never the VIN, your e-mail address or your service records.
        </p>
      ),
    },
    {
      id: 'data-security',
      title: 'Data Security',
      body: (
        <p>
          Passwords are stored as one-way hashes, sessions use secure cookies, and connections to the site are encrypted.
          Access to listing documentation and enquiries is limited to the staff who need it. No method of transmission
          or storage is perfectly secure, but we work to protect your information and review our safeguards regularly.
        </p>
      ),
    },
    {
      id: 'data-retention',
      title: 'Data Retention',
      body: (
        <p>
          We keep your account and listings while your account is open. Messages about a vehicle are kept for up to two
          years so we can follow up on a sale. Site statistics are kept in summarised form. When you delete a listing or
          ask us to close your account, we delete the related information unless the law requires us to keep it.
        </p>
      ),
    },
    {
      id: 'your-rights',
      title: 'Your Rights',
      body: (
        <p>
          You can see and correct your account and listing information at any time from your dashboard. You may ask us
          for a copy of the personal information we hold about you, ask us to delete it, or object to how we use it.
          We answer such requests within 30 days and will not treat you differently for making them.
        </p>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies and Local Storage',
      body: (
        <p>
          We use a session cookie to keep you signed in and a visitor cookie to count visits for site statistics. We do
          not use advertising cookies. Vehicles you save are kept only in your browser’s local storage; clearing your
          browser data removes them.
        </p>
      ),
    },
    {
      id: 'sms-compliance',
      title: 'SMS Communications',
      body: (
        <p>
          If you text us or give us your mobile number, we may send you text messages about your listing or the vehicle
          you asked about. Message frequency varies and message and data rates may apply. Reply STOP to any message to
          opt out at any time, or HELP for help. We never share your mobile number or consent with third parties for
          their marketing.
        </p>
      ),
    },
    {
      id: 'children',
      title: 'Children’s Privacy',
      body: (
        <p>
          {siteName} is not intended for children under 13, and we do not knowingly collect personal information from
          them. If you believe a child under 13 has given us information, contact us and we will delete it.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to This Policy',
      body: (
        <p>
          We may update this policy as the service changes. The current version is always on this page; when a change
          is significant we will tell signed-in users by e-mail or on the site before it takes effect.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact Us',
      body: (
        <p>
          Questions about this policy or your information? Call or text us
          {phone ? (
            <>
              {' '}
              at <a href={telHref(phone)}>{phone}</a>
            </>
          ) : null}
          , 7 days a week, or write to us through the contact form on any listing.
        </p>
      ),
    },
  ];
}

export default function PrivacyPolicyPage() {
  useDocumentMeta('Privacy Policy', 'What information we collect, how we use and protect it, cookies, SMS opt-out and your rights.');
  const config = usePublicConfigQuery();
  const siteName = config?.siteName ?? 'This site';
  const list = sections(siteName, config?.supportPhone ?? '');
  return (
    <div className="container page">
      <div className="prose">
        <h1 className="page-title">Privacy Policy</h1>
        <p className="lead">How {siteName} collects, uses and protects your information.</p>
        <nav className="toc" aria-labelledby="toc-heading">
          <strong id="toc-heading">Contents</strong>
          <ol>
            {list.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        {list.map((s, index) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`}>
            <h2 id={`${s.id}-title`}>
              {index + 1}. {s.title}
            </h2>
            {s.body}
          </section>
        ))}
      </div>
    </div>
  );
}
