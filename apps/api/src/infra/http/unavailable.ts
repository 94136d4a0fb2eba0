import { ServiceUnavailableException } from '@nestjs/common';

/**
 * A 503 for a dependency that is down or full (the database, the photo decode queue), answered with a
 * `Retry-After` of `retryAfterSeconds` (DECISIONS.md: "503 with Retry-After when a dependency is down or full").
 */
export class DependencyUnavailableException extends ServiceUnavailableException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
