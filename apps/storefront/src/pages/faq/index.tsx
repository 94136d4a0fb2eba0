import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CONTACT_REPLY } from '@app/shared';
import { usePublicConfigQuery } from '../../api/queries';
import { ChevronDownIcon, PhoneIcon } from '../../components/icons';
import { useDocumentMeta } from '../../hooks/use-document-meta';
import { telHref } from '../../lib/phone';
import '../content.css';

interface Faq {
  question: string;
  answer: ReactNode;
}

function faqs(siteName: string, phoneLink: ReactNode): Faq[] {
  return [
    {
      question: 'How much does it cost to list my car?',
      answer: (
        <p>
          Listing is free. There is no sign-up fee, no monthly fee and no charge for photos. {siteName} earns a success
          fee only when your vehicle sells, so we are paid when you are.
        </p>
      ),
    },
    {
      question: 'How long does it take to sell a car?',
      answer: (
        <p>
          Most vehicles sell in 30 to 90 days. Well-priced cars with good photos and a complete description usually sell
          toward the shorter end; your associate will suggest changes if interest is slow.
        </p>
      ),
    },
    {
      question: 'What kinds of vehicles do you list?',
      answer: (
        <p>
          We focus on quality used and luxury vehicles: cars, trucks and SUVs that are typically above $25,000. If your
          vehicle is below that, call us anyway and we will tell you honestly whether we are the right fit.
        </p>
      ),
    },
    {
      question: 'Do I have to show the car to buyers or arrange test drives?',
      answer: (
        <p>
          No. No viewings or test drives are needed. Your dedicated associate answers buyers’ questions with the photos,
          details and documentation you provide, and qualifies them before anything moves forward.
        </p>
      ),
    },
    {
      question: 'Who talks to the buyers?',
      answer: (
        <p>
          A staff associate from {siteName} handles all buyer communication, qualification and negotiation. You are kept
          informed and you approve the final price; you never have to take calls from strangers.
        </p>
      ),
    },
    {
      question: 'How do I create a listing?',
      answer: (
        <p>
          Create a free account, then go to <Link to="/create-listing">Create Listing</Link>. Add the vehicle details,
          the VIN, your price and up to 10 photos, then publish. Every listing is reviewed by our team before it goes
          live, usually within one business day.
        </p>
      ),
    },
    {
      question: 'Why is the VIN required, and is it shown publicly?',
      answer: (
        <p>
          The VIN lets us confirm the vehicle’s details and history. It is kept internal with your service history and
          Carfax link: buyers do not see it on the public listing.
        </p>
      ),
    },
    {
      question: 'Is {siteName} the seller of the vehicles listed?',
      answer: (
        <p>
          No. {siteName} is not the owner or seller of remote-listed vehicles. Transactions are directly between the
          buyer and the current titleholder; we provide listing services only, collect no funds and hold no titles.
        </p>
      ),
    },
    {
      question: 'Can buyers get financing?',
      answer: (
        <p>
          Yes. Our partner dealership offers in-house financing with rates from 3.75% APR, a 5-minute application and
          funding often within 24 hours. See <Link to="/financing">Financing</Link> for what you need to apply.
        </p>
      ),
    },
    {
      question: 'Can I buy a car if I live in another state?',
      answer: (
        <p>
          Yes. Through our partner dealership’s nationwide network we can help arrange transport to your door, and your
          associate explains registration and paperwork for your state.
        </p>
      ),
    },
    {
      question: 'Can I edit or remove my listing after it is published?',
      answer: (
        <p>
          Yes. From your <Link to="/dashboard">dashboard</Link> you can edit or delete any of your listings at any time.
          Edits to a live listing are reviewed again before they appear.
        </p>
      ),
    },
    {
      question: 'How do I reach your team?',
      answer: (
        <p>
          Call or text us at {phoneLink}, 7 days a week, or use the Contact Seller form on any listing. One of our associates replies{' '}
          {CONTACT_REPLY.promise}.
        </p>
      ),
    },
  ].map((faq) => ({ ...faq, question: faq.question.replace('{siteName}', siteName) }));
}

export default function FaqPage() {
  useDocumentMeta('Frequently Asked Questions', 'Answers about listing your car for free, how long a sale takes, financing, and buying from sellers nationwide.');
  const config = usePublicConfigQuery();
  const siteName = config?.siteName ?? 'our team';
  const phone = config?.supportPhone ?? '';
  const phoneLink = phone ? <a href={telHref(phone)}>{phone}</a> : 'our support number';
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1 className="page-title">Frequently Asked Questions</h1>
          <p className="lead">Everything buyers and sellers ask us most. Open as many answers as you like.</p>
        </div>
      </section>
      <section className="section">
        <div className="container">
          <div className="faq-list">
            {faqs(siteName, phoneLink).map((faq) => (
              <details key={faq.question} className="faq-item">
                <summary>
                  <span>{faq.question}</span>
                  <ChevronDownIcon />
                </summary>
                <div className="faq-answer">{faq.answer}</div>
              </details>
            ))}
          </div>
          <div className="contact-band" style={{ marginTop: 40 }}>
            <h2>Still have questions?</h2>
            <p>Talk to a real person, 7 days a week.</p>
            <div className="cta-row">
              {phone ? (
                <a className="btn btn-primary" href={telHref(phone)}>
                  <PhoneIcon size={18} /> Call {phone}
                </a>
              ) : null}
              <Link to="/create-listing" className="btn btn-on-dark">
                List Your Car Free
              </Link>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
