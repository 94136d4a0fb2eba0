import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

export const ANALYTICS_PERIODS = ['7d', '30d', '90d'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = '7d';

/** Calendar days (UTC) each period covers, today included. */
export const PERIOD_DAYS: Record<AnalyticsPeriod, number> = { '7d': 7, '30d': 30, '90d': 90 };

export const PAGE_PATH_MAX_LENGTH = 512;

/**
 * A same-site path: starts with one "/" (never "//" or "/\", which browsers read as another host) and
 * holds printable ASCII only (browsers percent-encode everything else in `location.pathname`), so no
 * control characters or spaces.
 */
export const PAGE_PATH_PATTERN = /^\/(?![/\\])[\x21-\x7e]*$/;

/** Keeps the path only: the query and fragment may carry personal data (e-mail links, search terms). */
export const pathOnly = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim().split(/[?#]/, 1)[0] : value;

/** `POST /api/analytics/track`: the page the visitor is on. */
export class TrackPageDto {
  @Transform(pathOnly)
  @Matches(PAGE_PATH_PATTERN, { message: 'page must be a path starting with a single "/" and without spaces or control characters' })
  @MaxLength(PAGE_PATH_MAX_LENGTH, { message: `page must be at most ${PAGE_PATH_MAX_LENGTH} characters` })
  @IsString({ message: 'page must be a text' })
  @IsNotEmpty({ message: 'page is required' })
  page!: string;
}

/** `GET /api/analytics/stats?period=7d|30d|90d` (7d when absent). */
export class AnalyticsStatsQueryDto {
  @IsOptional()
  @IsIn(ANALYTICS_PERIODS, { message: `period must be one of ${ANALYTICS_PERIODS.join(', ')}` })
  period: AnalyticsPeriod = DEFAULT_ANALYTICS_PERIOD;
}
