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

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.admin) await this.users.ensureAdmin(this.config.admin.email, this.config.admin.password);
  }
}
