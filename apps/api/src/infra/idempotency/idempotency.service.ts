import { BadRequestException, ConflictException, Injectable, UnprocessableEntityException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import { IdempotencyKeyEntity } from './idempotency-key.entity';

export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
const KEY = /^[A-Za-z0-9_.:-]{1,100}$/;

export type Claim = { kind: 'new'; id: number } | { kind: 'replay'; response: unknown };

/** Idempotency-Key bookkeeping: one row per user and key, unique, so concurrent retries cannot both run. */
@Injectable()
export class IdempotencyService {
  constructor(@InjectRepository(IdempotencyKeyEntity) private readonly keys: Repository<IdempotencyKeyEntity>) {}

  /**
   * Claims `key` for this request, or answers the first request's answer (same key, same request). 422 for
   * the same key with another request, 409 while the first is still being handled, 400 for a malformed key.
   */
  async claim(userId: number, key: string, requestHash: string, now = new Date()): Promise<Claim> {
    if (!KEY.test(key)) throw new BadRequestException('Idempotency-Key must be 1 to 100 letters, digits or _ . : -');
    await this.keys.delete({ createdAt: LessThan(new Date(now.getTime() - IDEMPOTENCY_TTL_MS)) });
    try {
      const { identifiers } = await this.keys.insert({ userId, key, requestHash, response: null });
      return { kind: 'new', id: (identifiers[0] as { id: number }).id };
    } catch (error) {
      const first = await this.keys.findOneBy({ userId, key });
      if (!first) throw error;
      if (first.requestHash !== requestHash) throw new UnprocessableEntityException('This Idempotency-Key was used with another request');
      if (first.response === null) throw new ConflictException('A request with this Idempotency-Key is still being handled');
      return { kind: 'replay', response: JSON.parse(first.response) as unknown };
    }
  }

  async complete(id: number, response: unknown): Promise<void> {
    await this.keys.update({ id }, { response: JSON.stringify(response ?? null) });
  }

  /** The first request failed: the key is free again, so a retry runs. */
  async release(id: number): Promise<void> {
    await this.keys.delete({ id });
  }
}
