import { Link } from 'react-router';
import { formatCount, type FacetCount } from '@app/shared';
import { useListingFacets, usePublicConfigQuery } from '../../api/queries';
import { AwardIcon, DollarIcon, GlobeIcon, PhoneIcon, ShieldIcon, StarIcon, UserIcon, UsersIcon } from '../../components/icons';
import { InfoCards } from '../../components/InfoCards';
import { RevealSection } from '../../components/Reveal';
import { useSellPath } from '../../hooks/use-sell-path';
import { byName } from '../../lib/name-order';
import { makesWithCars } from './HeroSearch';
import { ReviewStrip } from './ReviewStrip';

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
    .sort((a, b) => b.count - a.count || byName(a.label, b.label))
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

/** The landing page below its recent listings: the seller's pitch, the brands, the team, reviews and a last call. */
export default function LandingMore() {
  const config = usePublicConfigQuery();
  const facets = useListingFacets();
  const sellPath = useSellPath();
  return (
    <>
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
