import { BadRequestException, ConflictException, HttpException, HttpStatus, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { EMAIL_VERIFY_TTL_HOURS, sitePath, VERIFY_LINK_INVALID } from '@app/shared';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { composeMail } from '../../infra/mail/mail-layout';
import { MailOutbox } from '../../infra/mail/outbox/mail-outbox.service';
import { type UserEntity, UsersService } from '../users';
import { AccountTokensService } from './account-tokens.service';
import type { AuthUser } from './auth-user';

/** Verification links one account may be sent per hour (the registration's counts). */
const LINKS_PER_HOUR = 3;

/**
 * Verifying the address of a new account (DECISIONS.md, turn 3): registration sends a link, the profile can
 * send it again, and following it (or a reset link) marks the address verified. Until then the address gets
 * account mail only (MailOutbox's recipient rule).
 */
@Injectable()
export class EmailVerificationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tokens: AccountTokensService,
    private readonly users: UsersService,
    private readonly outbox: MailOutbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Issues a link and queues its e-mail in the caller's transaction; false when the hour's links are spent. */
  async sendLink(manager: EntityManager, user: Pick<UserEntity, 'id' | 'email'>): Promise<boolean> {
    const token = await this.tokens.issue(manager, 'email-verify', user.id, { ttlMinutes: EMAIL_VERIFY_TTL_HOURS * 60, perHour: LINKS_PER_HOUR });
    if (!token) return false;
    const link = `${this.config.publicUrl ?? ''}${sitePath('/verify-email')}?token=${token}`;
    await this.outbox.enqueue(
      manager,
      'email-verify',
      composeMail(this.config.site, {
        to: user.email,
        subject: `Confirm your email address for ${this.config.site.name}`,
        paragraphs: [
          `Welcome to ${this.config.site.name}. Confirm that ${user.email} is your address with the link below, within ${EMAIL_VERIFY_TTL_HOURS} hours.`,
          'Until then we send this address nothing but messages about your account: no search alerts and no notices about your listings.',
        ],
        action: { label: 'Confirm my email address', url: link },
        footer: ['If you did not create an account, ignore this e-mail: nothing will be sent to you again.'],
      }),
    );
    return true;
  }

  /** The profile's "send the link again": 409 when the address is verified already, 429 past 3 links an hour. */
  async resend(caller: AuthUser): Promise<void> {
    const user = await this.users.findById(caller.id);
    if (!user) throw new UnauthorizedException();
    if (user.emailVerifiedAt) throw new ConflictException('Your email address is already verified');
    const sent = await this.dataSource.transaction((manager) => this.sendLink(manager, user));
    if (!sent) throw new HttpException({ statusCode: 429, message: `We sent ${LINKS_PER_HOUR} links this hour: use one of them, or try again later` }, HttpStatus.TOO_MANY_REQUESTS);
  }

  /** Follows a link: the account's address is verified (400 VERIFY_LINK_INVALID when unknown, used or expired). */
  async verify(token: string): Promise<{ email: string }> {
    const link = await this.tokens.find(this.dataSource.manager, 'email-verify', token);
    if (!link?.user) throw new BadRequestException(VERIFY_LINK_INVALID);
    const { user } = link;
    await this.dataSource.transaction(async (manager) => {
      await this.tokens.redeem(manager, link, VERIFY_LINK_INVALID);
      await this.users.markEmailVerified(manager, user.id);
    });
    return { email: user.email };
  }
}
