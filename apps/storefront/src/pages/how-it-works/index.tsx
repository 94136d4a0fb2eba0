import { Link } from 'react-router';
import { apiUrl } from '@app/shared';
import { useDocumentMeta } from '../../hooks/use-document-meta';
import '../content.css';

const SELLER_STEPS = [
  {
    title: 'Upload photos and details',
    text: 'Create your free listing with up to 10 photos, the mileage, condition and price. It takes about ten minutes.',
  },
  {
    title: 'Meet your dedicated associate',
    text: 'A sales associate from our team reviews your listing, polishes it and becomes your single point of contact.',
  },
  {
    title: 'We handle buyer communication',
    text: 'Your associate answers calls, texts and messages, qualifies buyers and negotiates on your behalf. No viewings or test drives needed.',
  },
  {
    title: 'We handle everything until the sale',
    text: 'Your associate guides the paperwork and the hand-over until the car is sold. Listing is free: we only earn a fee when it sells.',
  },
];

const BUYER_STEPS = [
  {
    title: 'Search and filter',
    text: 'Browse listings by make, model, price, mileage, body type and more, and save the ones you like.',
  },
  {
    title: 'View the details',
    text: 'Every listing shows photos, the vehicle details, features and the seller’s description.',
  },
  {
    title: 'Contact us',
    text: 'Call, text or send the form on a listing: an associate answers your questions and arranges the next steps.',
  },
  {
    title: 'Complete your purchase',
    text: 'Buy directly from the current titleholder, with in-house financing and nationwide delivery available through our partner dealership.',
  },
];

function Steps({ steps, label }: { steps: typeof SELLER_STEPS; label: string }) {
  return (
    <ol className="steps" aria-label={label}>
      {steps.map((step, index) => (
        <li key={step.title} className="step">
          <span className="step-number" aria-hidden="true">
            {index + 1}
          </span>
          <h3>{step.title}</h3>
          <p>{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

export default function HowItWorksPage() {
  useDocumentMeta('How It Works', 'How selling and buying a car works: a dedicated associate handles buyers for sellers, and buyers search, contact us and buy directly.');
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1 className="page-title">How It Works</h1>
          <p className="lead">
            Whether you are selling or buying, a real person from our team is with you from the first photo to the
            final signature.
          </p>
          <div className="cta-row">
            <Link to="/auth" className="btn btn-primary btn-lg">
              Start Selling
            </Link>
            <Link to="/search" className="btn btn-on-dark btn-lg">
              Start Shopping
            </Link>
          </div>
        </div>
      </section>
      <section className="section" aria-labelledby="sellers-heading">
        <div className="container">
          <h2 id="sellers-heading" className="section-title">
            For Sellers
          </h2>
          <p className="section-lead">Four steps from listing to sold, with a dedicated associate doing the work.</p>
          <Steps steps={SELLER_STEPS} label="Seller steps" />
          <div className="cta-row">
            <Link to={apiUrl('/api/login')} reloadDocument className="btn btn-primary">
              Sell Your Car
            </Link>
          </div>
        </div>
      </section>
      <section className="section section-alt" aria-labelledby="buyers-heading">
        <div className="container">
          <h2 id="buyers-heading" className="section-title">
            For Buyers
          </h2>
          <p className="section-lead">Find the right car and buy it with confidence.</p>
          <Steps steps={BUYER_STEPS} label="Buyer steps" />
          <div className="cta-row">
            <Link to="/search" className="btn btn-dark">
              Browse Cars
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
