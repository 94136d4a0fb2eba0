import { Injectable } from '@nestjs/common';

/** Whether this instance is on its way out: /api/ready answers 503 so the load balancer stops sending. */
@Injectable()
export class LifecycleService {
  private drainingSince?: number;

  get draining(): boolean {
    return this.drainingSince !== undefined;
  }

  startDraining(): void {
    this.drainingSince ??= Date.now();
  }
}
