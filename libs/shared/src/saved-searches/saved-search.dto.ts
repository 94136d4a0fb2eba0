import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { trimmed } from '../common/transforms';
import { ALERT_FREQUENCIES, SAVED_SEARCH_LIMITS, type AlertFrequency } from './alert-frequencies';


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
