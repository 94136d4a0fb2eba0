import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { HERO_IMAGE } from '@app/shared';
import { useCurrentUser, useListingFacets, useRecentVehicles } from '../../api/queries';
import { RecentGrid } from '../../components/RecentGrid';
import { useDocumentMeta } from '../../hooks/use-document-meta';
import { useSellPath } from '../../hooks/use-sell-path';
import { deferred } from '../../lib/deferred';
import { useDeferredAnswer } from '../../lib/deferred-answer';
import { HeroSearch } from './HeroSearch';
import '../content.css';
import './landing.css';

// The sections below the recent listings (a second screen away on a phone): loaded, and taken over from the
// server's drawing, as the visitor nears them (lib/deferred.tsx). Their styles are the page's (landing.css).
const LandingMore = deferred(() => import(/* webpackChunkName: "landing-more" */ './LandingMore'));

/** The signed-in user's personal strip (their listings, dashboard link, saved vehicles): its own chunk. */
const PersonalStrip = lazy(() => import(/* webpackChunkName: "personal-strip" */ '../account/PersonalStrip'));

function SignedInStrip() {
  const { user } = useCurrentUser();
  return user ? (
    <Suspense fallback={null}>
      <PersonalStrip user={user} />
    </Suspense>
  ) : null;
}

export default function LandingPage() {
  useDocumentMeta(null, 'Sell your car with personal support: free listing, a dedicated sales associate and in-house financing. Browse quality used and luxury vehicles.');
  const recent = useRecentVehicles();
  // All 24 after the server's first screen of them are drawn in slices that leave the main thread to the visitor
  // (useDeferredAnswer), not in one long task right after the page is taken over.
  const recentShown = useDeferredAnswer('recent', recent.data);
  const facets = useListingFacets();
  const sellPath = useSellPath();

  return (
    <>
      <SignedInStrip />
      <section className="hero" aria-labelledby="hero-title">
        <img
          className="hero-photo"
          src={HERO_IMAGE.src}
          srcSet={HERO_IMAGE.srcSet}
          sizes={HERO_IMAGE.sizes}
          width={HERO_IMAGE.width}
          height={HERO_IMAGE.height}
          alt=""
          fetchPriority="high"
        />
        <div className="container hero-inner">
          <h1 id="hero-title" className="hero-title">
            Find your next car
          </h1>
          <p className="hero-lead">Quality used and luxury cars, each listing checked by our staff before it goes live.</p>
          <HeroSearch makes={facets.data?.make} />
          <p className="hero-sell">
            Selling? <Link to={sellPath}>List your car free</Link> and our team handles the buyers.
          </p>
        </div>
      </section>

      <section className="section recent-section" aria-labelledby="recent-title">
        <div className="recent-container">
          <div className="section-head">
            <div>
              <h2 id="recent-title" className="section-title">
                Current Remote Listings
              </h2>
              <p className="section-lead">Fresh vehicles from sellers working with our team.</p>
            </div>
            <Link to="/search" className="btn btn-dark">
              View All Vehicles
            </Link>
          </div>
          {!recent.isPending && (recent.data?.length ?? 0) === 0 ? (
            <div className="empty-state">
              <h3>No Recent Listings Yet</h3>
              <p>Check back soon for new listings</p>
            </div>
          ) : (
            <RecentGrid vehicles={recentShown} loading={recent.isPending} />
          )}
        </div>
      </section>

      <LandingMore />
    </>
  );
}
