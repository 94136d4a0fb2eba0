import { BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';
import { PASSWORD_RESET_TTL_MINUTES, RESET_LINK_INVALID, sitePath } from '@app/shared';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { composeMail } from '../../infra/mail/mail-layout';
import { MailOutbox } from '../../infra/mail/outbox/mail-outbox.service';
import { UserEntity, UsersService } from '../users';
import { AccountTokensService } from './account-tokens.service';
import { AuthService } from './auth.service';
import { SessionService } from './session.service';

/** Links one account may be sent per hour, whoever asks. */
const LINKS_PER_HOUR = 3;

/**
 * "Forgot password": a link by e-mail that sets a new password once within an hour. The request answers
 * the same whether an account uses the address or not (the caller says 202 either way, before the work is
 * done); using the link sets the password and ends every session of the account and every other link.
 */
@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger(PasswordResetService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly tokens: AccountTokensService,
    private readonly users: UsersService,
    private readonly auth: AuthService,
    private readonly sessions: SessionService,
    private readonly outbox: MailOutbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Starts `request` without waiting for it, so that the answer takes as long whatever the address; a failure is logged. */
  requestSoon(email: string): void {
    this.request(email).catch((error: unknown) => this.logger.error(`Password reset request failed: ${(error as Error).stack ?? error}`));
  }

  /** Sends a reset link to the account of `email`, if there is one and it got fewer than 3 this hour. */
  async request(email: string): Promise<void> {
    const user = await this.dataSource.getRepository(UserEntity).findOneBy({ email: email.trim().toLowerCase() });
    if (!user) return;
    await this.dataSource.transaction(async (manager) => {
      const token = await this.tokens.issue(manager, 'password-reset', user.id, { ttlMinutes: PASSWORD_RESET_TTL_MINUTES, perHour: LINKS_PER_HOUR });
      if (!token) return;
      const link = `${this.config.publicUrl ?? ''}${sitePath('/reset-password')}?token=${token}`;
      await this.outbox.enqueue(
        manager,
        'password-reset',
        composeMail(this.config.site, {
          to: user.email,
          subject: `Choose a new password for ${this.config.site.name}`,
          paragraphs: [
            `Someone, we hope you, asked to choose a new password for the account ${user.email}.`,
            `The link below works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes. Choosing a new password signs the account out everywhere.`,
          ],
          action: { label: 'Choose a new password', url: link },
          footer: ['If you did not ask for this, ignore this e-mail: your password stays as it is.'],
        }),
      );
    });
  }

  /**
   * Sets the password of the link's account: 400 RESET_LINK_INVALID for a token that is unknown, used or
   * expired, 400 for a password the registration rules refuse (the link stays usable).
   */
  async reset(token: string, password: string): Promise<void> {
    const link = await this.tokens.find(this.dataSource.manager, 'password-reset', token);
    if (!link?.user) throw new BadRequestException(RESET_LINK_INVALID);
    this.auth.assertStrongPassword(password, link.user);
    await this.dataSource.transaction(async (manager) => {
      await this.tokens.redeem(manager, link);
      await this.users.setPassword(manager, link.userId, password);
      // The link reached the address: it is verified now.
      await this.users.markEmailVerified(manager, link.userId);
      // Ends every session and voids every other link of the account (SessionService.revokeAll).
      await this.sessions.revokeAll(manager, link.userId);
    });
  }
}
