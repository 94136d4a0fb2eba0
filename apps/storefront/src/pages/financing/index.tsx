import { useDocumentMeta } from '../../hooks/use-document-meta';
import { usePublicConfigQuery } from '../../api/queries';
import { InfoCards } from '../../components/InfoCards';
import { CheckIcon, ClockIcon, DollarIcon, FileIcon, MessageIcon, PhoneIcon, ShieldIcon, UsersIcon } from '../../components/icons';
import { smsHref, telHref } from '../../lib/phone';
import '../content.css';

const REQUIREMENTS = [
  { title: 'Valid ID', text: 'A current driver’s license or state-issued photo ID.' },
  { title: 'Proof of income', text: 'Recent pay stubs, bank statements or tax returns.' },
  { title: 'Credit history', text: 'We look at your full history; a score of 580 or higher is preferred.' },
  { title: 'Full coverage insurance', text: 'Proof of full coverage on the vehicle before it leaves.' },
];

const BENEFITS = [
  { icon: ClockIcon, title: '5-minute application', text: 'Apply by phone in about five minutes.' },
  { icon: DollarIcon, title: 'Rates from 3.75% APR', text: 'Competitive rates for qualified buyers.' },
  { icon: ShieldIcon, title: 'Funding often within 24 hours', text: 'Approved loans are often funded the next day.' },
  { icon: UsersIcon, title: 'All credit welcome', text: 'First-time buyers and rebuilding credit are welcome to apply.' },
];

export default function FinancingPage() {
  useDocumentMeta('Financing', 'In-house financing from our partner dealership: rates from 3.75% APR, a 5-minute application and funding often within 24 hours.');
  const phone = usePublicConfigQuery()?.supportPhone ?? '';
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1 className="page-title">Financing Made Simple</h1>
          <p className="lead">
            Our partner dealership offers in-house financing on the vehicles listed here, with answers in minutes and
            terms that fit your budget.
          </p>
          {phone ? (
            <div className="cta-row">
              <a className="btn btn-primary btn-lg" href={telHref(phone)}>
                <PhoneIcon size={18} /> Call {phone}
              </a>
              <a className="btn btn-on-dark btn-lg" href={smsHref(phone)}>
                <MessageIcon size={18} /> Text Us
              </a>
            </div>
          ) : null}
        </div>
      </section>
      <section className="section" aria-labelledby="benefits-heading">
        <div className="container">
          <h2 id="benefits-heading" className="section-title">
            Why Finance With Us
          </h2>
          <InfoCards points={BENEFITS} columns={4} />
        </div>
      </section>
      <section className="section section-alt" aria-labelledby="requirements-heading">
        <div className="container">
          <h2 id="requirements-heading" className="section-title">
            What You Need to Apply
          </h2>
          <ul className="check-list card-grid">
            {REQUIREMENTS.map((r) => (
              <li key={r.title} className="info-card">
                <CheckIcon size={20} />
                <div>
                  <h3>{r.title}</h3>
                  <p>{r.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="section" aria-labelledby="apply-heading">
        <div className="container">
          <div className="contact-band">
            <FileIcon size={28} />
            <h2 id="apply-heading">Ready to apply?</h2>
            <p>Call or text us: an associate takes your application and gets back to you the same day, 7 days a week.</p>
            {phone ? (
              <div className="cta-row">
                <a className="btn btn-primary" href={telHref(phone)}>
                  <PhoneIcon size={18} /> Call {phone}
                </a>
                <a className="btn btn-on-dark" href={smsHref(phone)}>
                  <MessageIcon size={18} /> Text Us
                </a>
              </div>
            ) : null}
          </div>
        </div>
      </section>
    </>
  );
}
