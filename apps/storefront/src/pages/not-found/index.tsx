import { Link, useLocation } from 'react-router';
import { useDocumentMeta } from '../../hooks/use-document-meta';
import '../content.css';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  useDocumentMeta('Page Not Found', 'The page you are looking for does not exist.');
  return (
    <div className="container page not-found">
      <div className="not-found-card">
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <h1 className="page-title">404 Page Not Found</h1>
        <p className="lead">
          Nothing lives at <code>{pathname}</code>.
        </p>
        <p className="hint">Developer hint: did you forget to add the page to the router?</p>
        <div className="cta-row">
          <Link to="/" className="btn btn-primary">
            Go to the home page
          </Link>
          <Link to="/search" className="btn btn-outline">
            Browse vehicles
          </Link>
        </div>
      </div>
    </div>
  );
}
