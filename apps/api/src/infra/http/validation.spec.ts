import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength, ValidateBy } from 'class-validator';
import { ValidationFailedException } from './error-body';
import { createValidationPipe } from './validation';

/** How many times the rule below ran: the memo must spare it for an object that passed, and only then. */
let checks = 0;
const Counted = () => ValidateBy({ name: 'counted', validator: { validate: () => (checks += 1) > 0 } });

class SearchQuery {
  @IsOptional()
  @Counted()
  @MaxLength(5)
  @IsString()
  q?: string;
}

class SearchBody {
  @IsOptional()
  @Counted()
  @IsString()
  q?: string;
}

describe('the validation pipe', () => {
  beforeEach(() => {
    checks = 0;
  });

  it('validates a query object that passed once, not again, and answers a new instance each time', async () => {
    const pipe = createValidationPipe();
    const metadata = { type: 'query' as const, metatype: SearchQuery, data: undefined };
    const first = await pipe.transform({ q: 'audi' }, metadata);
    const second = await pipe.transform({ q: 'audi' }, metadata);
    expect(first).toBeInstanceOf(SearchQuery);
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    expect(checks).toBe(1);
    // Another object is validated.
    await pipe.transform({ q: 'bmw' }, metadata);
    expect(checks).toBe(2);
  });

  it('refuses a query object each time it fails, with its errors, and an unknown field', async () => {
    const pipe = createValidationPipe();
    const metadata = { type: 'query' as const, metatype: SearchQuery, data: undefined };
    for (let i = 0; i < 2; i += 1) {
      await expect(pipe.transform({ q: 'too long' }, metadata)).rejects.toBeInstanceOf(ValidationFailedException);
      await expect(pipe.transform({ q: 'audi', other: '1' }, metadata)).rejects.toBeInstanceOf(ValidationFailedException);
    }
    // The passing object's memo does not let the same text with an unknown field through.
    await pipe.transform({ q: 'audi' }, metadata);
    await expect(pipe.transform({ q: 'audi', other: '1' }, metadata)).rejects.toBeInstanceOf(ValidationFailedException);
  });

  it('validates each time a query object whose values JSON would write alike (NaN, Infinity: null)', async () => {
    class Numbers {
      @IsOptional()
      @Transform(({ value }) => Number(value))
      @Counted()
      n?: number;
    }
    const pipe = createValidationPipe();
    const metadata = { type: 'query' as const, metatype: Numbers, data: undefined };
    await pipe.transform({ n: '1' }, metadata);
    await pipe.transform({ n: '1' }, metadata);
    expect(checks).toBe(1);
    // NaN ("abc") and Infinity are written as null: never taken for an object seen before.
    await pipe.transform({ n: 'abc' }, metadata);
    await pipe.transform({ n: 'abc' }, metadata);
    await pipe.transform({ n: '1e999' }, metadata);
    expect(checks).toBe(4);
  });

  it('validates a body every time (a body may hold a password: none is kept)', async () => {
    const pipe = createValidationPipe();
    const metadata = { type: 'body' as const, metatype: SearchBody, data: undefined };
    await pipe.transform({ q: 'audi' }, metadata);
    await pipe.transform({ q: 'audi' }, metadata);
    expect(checks).toBe(2);
  });
});
