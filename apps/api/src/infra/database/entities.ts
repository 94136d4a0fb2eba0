import { CacheStateEntity } from '../cache/cache-state.entity';
import { AuditLogEntity } from '../../modules/admin/entities/audit-log.entity';
import {
  AnalyticsDailyEntity,
  AnalyticsDailyListingEntity,
  AnalyticsDailyPageEntity,
  AnalyticsRollupStateEntity,
  AnalyticsTopEntity,
  AnalyticsVisitorEntity,
} from '../../modules/analytics/entities/analytics-daily.entity';
import { PageVisitEntity } from '../../modules/analytics/entities/page-visit.entity';
import { VisitorSessionEntity } from '../../modules/analytics/entities/visitor-session.entity';
import { SessionEntity } from '../../modules/auth/entities/session.entity';
import { ContactMessageEntity } from '../../modules/contact/entities/contact-message.entity';
import { UploadEntity } from '../../modules/uploads/entities/upload.entity';
import { UserEntity } from '../../modules/users/entities/user.entity';
import { VehiclePriceEntity } from '../../modules/vehicles/entities/vehicle-price.entity';
import { VehicleRevisionEntity } from '../../modules/vehicles/entities/vehicle-revision.entity';
import { VehicleViewEntity } from '../../modules/vehicles/entities/vehicle-view.entity';
import { VehicleEntity } from '../../modules/vehicles/entities/vehicle.entity';

/** Every entity of the schema. Listed explicitly: the API is bundled, so no glob loading. */
export const ENTITIES = [
  UserEntity,
  SessionEntity,
  VehicleEntity,
  ContactMessageEntity,
  PageVisitEntity,
  VisitorSessionEntity,
  UploadEntity,
  VehicleViewEntity,
  VehiclePriceEntity,
  VehicleRevisionEntity,
  CacheStateEntity,
  AuditLogEntity,
  AnalyticsDailyEntity,
  AnalyticsDailyPageEntity,
  AnalyticsDailyListingEntity,
  AnalyticsVisitorEntity,
  AnalyticsTopEntity,
  AnalyticsRollupStateEntity,
];
