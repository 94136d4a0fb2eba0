import { InitialSchema1763700000000 } from './1763700000000-initial-schema';
import { Uploads1763800000000 } from './1763800000000-uploads';
import { VehicleSearch1764000000000 } from './1764000000000-vehicle-search';
import { AdminAnalytics1795240070871 } from './1795240070871-admin-analytics';
import { AnalyticsListingOrphans1796000000000 } from './1796000000000-analytics-listing-orphans';
import { IdempotencyKeys1796300000000 } from './1796300000000-idempotency-keys';
import { ListingLifecycle1796500000000 } from './1796500000000-listing-lifecycle';
import { ColourFamilies1796500000001 } from './1796500000001-colour-families';
import { DealRatings1796500000002 } from './1796500000002-deal-ratings';
import { ModerationEvidence1796600000000 } from './1796600000000-moderation-evidence';
import { JobPeriods1796600000001 } from './1796600000001-job-periods';
import { MailOutbox1796700000000 } from './1796700000000-mail-outbox';
import { AccountTokens1796700000001 } from './1796700000001-account-tokens';
import { SavedVehicles1796700000002 } from './1796700000002-saved-vehicles';
import { SavedSearches1796700000003 } from './1796700000003-saved-searches';
import { DealRank1796700000004 } from './1796700000004-deal-rank';
import { KeywordIndex1796700000005 } from './1796700000005-keyword-index';
import { DerivedVersion1796700000006 } from './1796700000006-derived-version';
import { SearchIndexes1796700000007 } from './1796700000007-search-indexes';
import { VehicleFeatures1796700000008 } from './1796700000008-vehicle-features';
import { ChangedInVersion1796700000009 } from './1796700000009-changed-in-version';
import { EmailVerified1796727000000 } from './1796727000000-email-verified';
import { UploadsUrlIndex1796800000030 } from './1796800000030-uploads-url-index';
import { PendingBundlePhotos1796926000000 } from './1796926000000-pending-bundle-photos';
import { MarketHistory1796930000000 } from './1796930000000-market-history';
import { AssociateDesk1796931000000 } from './1796931000000-associate-desk';
import { DataChanges1796940000000 } from './1796940000000-data-changes';
import { CoveringSearchIndexes1796940000001 } from './1796940000001-covering-search-indexes';
import { RadiusNewestCovering1796950000000 } from './1796950000000-radius-newest-covering';

/** Every migration, in order. Listed explicitly: the API is bundled, so no glob loading. */
export const MIGRATIONS = [
  InitialSchema1763700000000,
  Uploads1763800000000,
  VehicleSearch1764000000000,
  AdminAnalytics1795240070871,
  AnalyticsListingOrphans1796000000000,
  IdempotencyKeys1796300000000,
  ListingLifecycle1796500000000,
  ColourFamilies1796500000001,
  DealRatings1796500000002,
  ModerationEvidence1796600000000,
  JobPeriods1796600000001,
  MailOutbox1796700000000,
  AccountTokens1796700000001,
  SavedVehicles1796700000002,
  SavedSearches1796700000003,
  DealRank1796700000004,
  KeywordIndex1796700000005,
  DerivedVersion1796700000006,
  SearchIndexes1796700000007,
  VehicleFeatures1796700000008,
  ChangedInVersion1796700000009,
  EmailVerified1796727000000,
  UploadsUrlIndex1796800000030,
  PendingBundlePhotos1796926000000,
  MarketHistory1796930000000,
  AssociateDesk1796931000000,
  DataChanges1796940000000,
  CoveringSearchIndexes1796940000001,
  RadiusNewestCovering1796950000000,
];
