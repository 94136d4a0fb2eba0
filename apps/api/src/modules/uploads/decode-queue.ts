import { Inject, Injectable } from '@nestjs/common';
import fastq, { type queueAsPromised } from 'fastq';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { DependencyUnavailableException } from '../../infra/http/unavailable';

/** What a full queue asks the client to wait: about one photo's encoding per waiting place per core. */
export const DECODE_RETRY_AFTER_SECONDS = 5;
export const DECODE_QUEUE_FULL = 'Too many photos are being processed right now. Please upload this one again in a few seconds.';

type Job = () => Promise<unknown>;

/**
 * The photo decoding and encoding of uploads, at most `concurrency` at a time (one per core by default: sharp
 * decodes on libuv's threadpool, so each running photo keeps a core busy) with at most `waiting` more in
 * line (UPLOAD_DECODE_CONCURRENCY, UPLOAD_DECODE_QUEUE). An upload that finds the line full is refused at
 * once, 503 with Retry-After, instead of waiting behind a flood (and holding its body in memory). The queue
 * is fastq (fastify's own work queue: CommonJS, typed, no dependencies), run with promises.
 */
@Injectable()
export class DecodeQueue {
  private readonly queue: queueAsPromised<Job, unknown>;
  private readonly concurrency: number;
  private readonly waiting: number;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    ({ concurrency: this.concurrency, waiting: this.waiting } = config.decodeQueue);
    this.queue = fastq.promise((job: Job) => job(), this.concurrency);
  }

  /** Runs `job` when a decoding slot is free; 503 (DependencyUnavailableException) at once when the line is full. */
  run<T>(job: () => Promise<T>): Promise<T> {
    if (this.queue.running() >= this.concurrency && this.queue.length() >= this.waiting) {
      return Promise.reject(new DependencyUnavailableException(DECODE_QUEUE_FULL, DECODE_RETRY_AFTER_SECONDS));
    }
    return this.queue.push(job) as Promise<T>;
  }

  /** Photos being decoded now and photos waiting for a slot. */
  load(): { running: number; waiting: number } {
    return { running: this.queue.running(), waiting: this.queue.length() };
  }
}
