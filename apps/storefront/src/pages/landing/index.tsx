import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { HERO_IMAGE, formatCount, type FacetCount } from '@app/shared';
import { useCurrentUser, useListingFacets, usePublicConfigQuery, useRecentVehicles } from '../../api/queries';
import {
  AwardIcon,
  DollarIcon,
  GlobeIcon,
  PhoneIcon,
  StarIcon,
  UserIcon,
  UsersIcon,
  ShieldIcon,
} from '../../components/icons';
import { InfoCards } from '../../components/InfoCards';
import { RecentGrid } from '../../components/RecentGrid';
import { RevealSection } from '../../components/Reveal';
import { useDocumentMeta } from '../../hooks/use-document-meta';
import { useSellPath } from '../../hooks/use-sell-path';
import { HeroSearch, makesWithCars } from './HeroSearch';
import { ReviewStrip } from './ReviewStrip';
import '../content.css';
import './landing.css';

/**
 * Brand tiles when the listing counts cannot be had: makes only (a model such as the Corvette is not a
 * brand), each opening the search for that make.
 */
export const POPULAR_BRANDS: readonly string[] = ['BMW', 'Mercedes-Benz', 'Lexus', 'Land Rover', 'Chevrolet', 'Porsche'];

const BRAND_TILES = 6;

/** The brand tiles: the makes with the most cars for sale (with how many), or the fixed list before the counts arrive. */
export function brandTiles(makes: readonly FacetCount[] | undefined): { name: string; count?: number }[] {
  const withCars = makesWithCars(makes);
  if (withCars.length === 0) return POPULAR_BRANDS.map((name) => ({ name }));
  return [...withCars]
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
    .slice(0, BRAND_TILES)
    .map((m) => ({ name: m.label, count: m.count }));
}

const PARTNER_POINTS = [
  { icon: UserIcon, title: 'Dedicated Sales Pro', text: 'One associate owns your sale from listing to hand-over, and knows your car inside out.' },
  { icon: PhoneIcon, title: 'Personal Support', text: 'Real people answer buyers’ calls and texts 7 days a week, so you never have to.' },
  { icon: AwardIcon, title: 'Expert Guidance', text: 'Pricing advice from people who sell cars every day, and help with title and paperwork.' },
];

const TEAM_POINTS = [
  { icon: UsersIcon, title: 'Dedicated Sales Team', text: 'Our in-house associates qualify every buyer and negotiate on your behalf.' },
  { icon: DollarIcon, title: 'In-House Financing', text: 'Our partner dealership finances buyers in minutes, with rates from 3.75% APR.' },
  { icon: GlobeIcon, title: 'Nationwide Network', text: 'Buyers from every state, with transport arranged to their door.' },
];

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
  const config = usePublicConfigQuery();
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
            <RecentGrid vehicles={recent.data} loading={recent.isPending} />
          )}
        </div>
      </section>

      <section className="section sell-pitch" aria-labelledby="sell-title">
        <div className="container sell-pitch-inner">
          <p className="hero-eyebrow">
            <ShieldIcon size={16} /> Free to list · Paid only when it sells
          </p>
          <h2 id="sell-title" className="section-title">
            Sell Your Car with Personal Support
          </h2>
          <p className="section-lead">
            A dedicated associate handles the buyers, the questions and the negotiation. You list for free and get back
            to your day.
          </p>
          <div className="cta-row">
            <Link to={sellPath} className="btn btn-primary btn-lg">
              Start Selling Today
            </Link>
            <Link to="/search" className="btn btn-on-dark btn-lg">
              Browse Market Listings
            </Link>
          </div>
        </div>
      </section>

      <RevealSection className="section section-alt" aria-labelledby="partner-title">
        <div className="container">
          <h2 id="partner-title" className="section-title center">
            Your Personal Car-Selling Partner
          </h2>
          <p className="section-lead center">Selling a car privately is a second job. We make it ours.</p>
          <InfoCards points={PARTNER_POINTS} columns={3} />
        </div>
      </RevealSection>

      <RevealSection className="section" aria-labelledby="brands-title">
        <div className="container">
          <h2 id="brands-title" className="section-title center">
            Our Most Popular Brands
          </h2>
          <ul className="brand-grid">
            {brandTiles(facets.data?.make).map((brand) => (
              <li key={brand.name}>
                <Link to={`/search?${new URLSearchParams({ make: brand.name }).toString()}`} className="brand-tile">
                  <span className="brand-name">{brand.name}</span>
                  {brand.count !== undefined ? (
                    <span className="brand-count">
                      {formatCount(brand.count)} {brand.count === 1 ? 'car' : 'cars'}
                    </span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
          <div className="cta-row center-row">
            <Link to="/search" className="btn btn-outline">
              Explore All Brands
            </Link>
          </div>
        </div>
      </RevealSection>

      <RevealSection className="section team-section" aria-labelledby="team-title">
        <div className="container">
          <h2 id="team-title" className="section-title center">
            In-House Team
          </h2>
          <p className="section-lead center">Everything a dealership offers, without giving your car away at trade-in value.</p>
          <InfoCards points={TEAM_POINTS} columns={3} cardClassName="team-card" />
        </div>
      </RevealSection>

      {config?.reviews && config.reviewsUrl ? (
        <RevealSection className="section section-alt" aria-labelledby="reviews-title">
          <div className="container">
            <h2 id="reviews-title" className="section-title center">
              Customer Reviews
            </h2>
            <div className="rating">
              <span className="rating-score">{config.reviews.rating.toFixed(1)}</span>
              <span className="rating-stars" aria-hidden="true">
                {Array.from({ length: Math.round(config.reviews.rating) }, (_, i) => (
                  <StarIcon key={i} size={22} />
                ))}
              </span>
              <a className="rating-text" href={config.reviewsUrl} target="_blank" rel="noopener noreferrer">
                Rated {config.reviews.rating.toFixed(1)} out of 5 from {formatCount(config.reviews.count)} reviews
              </a>
            </div>
            <ReviewStrip />
            <div className="cta-row center-row">
              <a href={config.reviewsUrl} className="btn btn-dark" target="_blank" rel="noopener noreferrer">
                Read all {formatCount(config.reviews.count)} reviews
              </a>
            </div>
          </div>
        </RevealSection>
      ) : null}

      <RevealSection className="section closing" aria-labelledby="closing-title">
        <div className="container closing-inner">
          <h2 id="closing-title" className="section-title">
            Ready to sell, or just looking?
          </h2>
          <p className="lead">List in minutes and let our team do the rest.</p>
          <div className="cta-row center-row">
            <Link to={sellPath} className="btn btn-primary btn-lg">
              List Your Car Free
            </Link>
            <Link to="/search" className="btn btn-on-dark btn-lg">
              See What Others Are Selling
            </Link>
          </div>
        </div>
      </RevealSection>
    </>
  );
}
