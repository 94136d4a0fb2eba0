import { Link } from 'react-router';
import { useCurrentUser, usePublicConfigQuery } from '../api/queries';
import { FALLBACK_CONFIG } from '../config';
import { telHref } from '../lib/phone';
import { CarIcon, PhoneIcon } from './icons';
// Its styles come with the layout (Layout.tsx): the footer's module loads as the visitor nears it.

export default function Footer() {
  const config = usePublicConfigQuery() ?? FALLBACK_CONFIG;
  const { user } = useCurrentUser();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <Link to="/" className="footer-logo">
            <span className="logo-mark" aria-hidden="true">
              <CarIcon size={22} />
            </span>
            {config.siteName}
          </Link>
          <p>
            Sell your car with personal support from a dedicated sales associate, or find your next vehicle from
            sellers across the country.
          </p>
          {config.supportPhone ? (
            <a className="btn btn-primary footer-phone" href={telHref(config.supportPhone)}>
              <PhoneIcon size={18} /> Call {config.supportPhone}
            </a>
          ) : null}
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="footer-heading">
            Quick Links
          </h2>
          <ul className="footer-links">
            <li>
              <Link to="/search">Browse Vehicles</Link>
            </li>
            <li>
              <Link to={user ? '/create-listing' : '/auth'}>Sell Your Car</Link>
            </li>
            <li>
              <Link to="/financing">Financing</Link>
            </li>
            <li>
              <Link to="/how-it-works">How It Works</Link>
            </li>
            <li>
              <Link to="/faq">FAQ</Link>
            </li>
            <li>
              <Link to="/privacy-policy">Privacy Policy</Link>
            </li>
          </ul>
        </nav>
        <div className="footer-disclaimer">
          <h2 className="footer-heading">Disclaimer</h2>
          <p>
            {config.siteName} is not the owner or seller of remote-listed vehicles. Transactions are directly between
            the buyer and the current titleholder. {config.siteName} only provides listing services, collects no funds
            and holds no titles.
          </p>
        </div>
      </div>
      <div className="container footer-bottom">
        <p>
          © {year} {config.siteName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
