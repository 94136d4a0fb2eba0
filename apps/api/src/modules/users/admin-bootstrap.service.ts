import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../infra/config/app-config';
import { UsersService } from './users.service';

/** The first admin, from ADMIN_EMAIL and ADMIN_PASSWORD at start (idempotent). */
@Injectable()
export class AdminBootstrapService implements OnApplicationBootstrap {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
  ) {}

  /** Settles once the configured admin exists (the demo import waits for it, so it adds no second admin). */
  ready: Promise<void> = Promise.resolve();

  onApplicationBootstrap(): Promise<void> {
    this.ready = this.config.admin ? this.users.ensureAdmin(this.config.admin.email, this.config.admin.password).then(() => undefined) : Promise.resolve();
    return this.ready;
  }
}
