import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { trimmed } from '../common/transforms';

/** How often a saved search e-mails its new matches and price drops. */
export const ALERT_FREQUENCIES = ['instant', 'daily', 'weekly', 'off'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
export const ALERT_FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  instant: 'As soon as they appear',
  daily: 'Once a day',
  weekly: 'Once a week',
  off: 'No e-mails',
};

export const SAVED_SEARCH_LIMITS = { nameMax: 80, queryMax: 1000, perAccount: 50 } as const;

/** `POST /api/user/searches`: a search of the search page (its address's query) under a name. */
export class SaveSearchDto {
  @Transform(trimmed)
  @MaxLength(SAVED_SEARCH_LIMITS.nameMax, { message: `Name must be at most ${SAVED_SEARCH_LIMITS.nameMax} characters` })
  @IsString()
  @IsNotEmpty({ message: 'Name is required' })
  name!: string;

  /** The search page's query string, e.g. `make=Porsche&maxPrice=100000` (the search's own rules apply). */
  @MaxLength(SAVED_SEARCH_LIMITS.queryMax, { message: `query must be at most ${SAVED_SEARCH_LIMITS.queryMax} characters` })
  @IsString({ message: 'query must be the search page query string' })
  query!: string;

  @IsIn(ALERT_FREQUENCIES, { message: `frequency must be one of: ${ALERT_FREQUENCIES.join(', ')}` })
  frequency!: AlertFrequency;
}

/** `PATCH /api/user/searches/{id}`: rename it, or change how often it e-mails. */
export class UpdateSavedSearchDto {
  @IsOptional()
  @Transform(trimmed)
  @MaxLength(SAVED_SEARCH_LIMITS.nameMax, { message: `Name must be at most ${SAVED_SEARCH_LIMITS.nameMax} characters` })
  @IsString()
  @IsNotEmpty({ message: 'Name is required' })
  name?: string;

  @IsOptional()
  @IsIn(ALERT_FREQUENCIES, { message: `frequency must be one of: ${ALERT_FREQUENCIES.join(', ')}` })
  frequency?: AlertFrequency;
}

/**
 * `POST /api/searches/unsubscribe`: the signed token of an alert e-mail's unsubscribe link, in the body (the
 * unsubscribe page) or in the query (a mail client's one-click POST, RFC 8058, whose body is a form).
 */
export class UnsubscribeDto {
  @IsOptional()
  @MaxLength(200, { message: 'This unsubscribe link is not valid' })
  @IsString({ message: 'This unsubscribe link is not valid' })
  token?: string;
}

/** A saved search as its owner sees it (`GET /api/user/searches`). */
export interface SavedSearch {
  id: number;
  name: string;
  query: string;
  frequency: AlertFrequency;
  /** Public listings matching it now. */
  matches: number;
  createdAt: string;
  lastAlertAt: string | null;
}
