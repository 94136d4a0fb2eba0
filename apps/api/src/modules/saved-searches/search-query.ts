import { VehicleSearchDto } from '@app/shared';
import { createValidationPipe } from '../../infra/http/validation';

/**
 * A saved search's query string read as the search endpoint reads its own query (the same DTO and global
 * pipe): a 400 naming the filter when it is one the search refuses; page and limit are not part of it.
 */
export async function parseSearchQuery(query: string): Promise<VehicleSearchDto> {
  const params = new URLSearchParams(query.replace(/^\?/, ''));
  params.delete('page');
  params.delete('limit');
  const plain: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    plain[key] = values.length > 1 ? values : values[0]!;
  }
  return (await createValidationPipe().transform(plain, { type: 'query', metatype: VehicleSearchDto })) as VehicleSearchDto;
}

/** The query string the search page would show for it (sorted keys), so equal searches store alike. */
export function canonicalQuery(query: string): string {
  const params = new URLSearchParams(query.replace(/^\?/, ''));
  params.delete('page');
  params.delete('limit');
  params.sort();
  return params.toString();
}
