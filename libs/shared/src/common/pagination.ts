import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { toInteger } from './transforms';

export const PAGINATION = {
  defaultLimit: 20,
  maxLimit: 100,
  /** Deep pages cost an ever larger OFFSET; nobody reads page 10,000 of a staff list. */
  maxPage: 10_000,
} as const;

/** The answer shape of every paginated list of the admin API. */
export interface Paginated<T> {
  items: T[];
  /** Items matching the filters, over all pages. */
  total: number;
  page: number;
  limit: number;
}

/** `?page=&limit=`: page from 1, limit 1 to 100 (default 20). */
export class PageQueryDto {
  @IsOptional()
  @Transform(toInteger)
  @Max(PAGINATION.maxPage, { message: `page must be at most ${PAGINATION.maxPage}` })
  @Min(1, { message: 'page must be 1 or more' })
  @IsInt({ message: 'page must be a whole number' })
  page: number = 1;

  @IsOptional()
  @Transform(toInteger)
  @Max(PAGINATION.maxLimit, { message: `limit must be at most ${PAGINATION.maxLimit}` })
  @Min(1, { message: 'limit must be 1 or more' })
  @IsInt({ message: 'limit must be a whole number' })
  limit: number = PAGINATION.defaultLimit;
}
