import { BadRequestException, ConflictException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { EMAIL_CHANGE_TTL_HOURS, EMAIL_LINK_INVALID, sitePath, type ChangeEmailDto, type ChangePasswordDto } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { ValidationFailedException } from '../../infra/http/error-body';
import { composeMail } from '../../infra/mail/mail-layout';
import { MailOutbox } from '../../infra/mail/outbox/mail-outbox.service';
import { AccountTokensService, AuthService, SessionService } from '../auth';
import { UploadsService } from '../uploads';
import { UserEntity, verifyPassword, UsersService } from '../users';
import { ListingReader, ListingWriter, userActor } from '../vehicles';

const EMAIL_LINKS_PER_HOUR = 3;

/**
 * What a person does with their own account from the profile page: their name, their e-mail address
 * (confirmed through a link sent to the new one), their password (the current one asked first; other
 * sessions end), and deleting the account with its listings and photos, as the privacy policy promises.
 */
@Injectable()
export class AccountService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly auth: AuthService,
    private readonly sessions: SessionService,
    private readonly tokens: AccountTokensService,
    private readonly listings: ListingReader,
    private readonly writer: ListingWriter,
    private readonly uploads: UploadsService,
    private readonly outbox: MailOutbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** 400 on `field` unless `password` is the account's current one (same work whatever the outcome). */
  private async assertPassword(userId: number, password: string, field: string): Promise<UserEntity> {
    const user = await this.users.findByIdWithPassword(userId);
    if (!user) throw new UnauthorizedException();
    if (!(await verifyPassword(user.password, password, this.config.passwordHash))) throw new ValidationFailedException([{ field, message: 'The current password is not right' }]);
    return user;
  }

  async changePassword(request: FastifyRequest, userId: number, input: ChangePasswordDto): Promise<void> {
    const user = await this.assertPassword(userId, input.currentPassword, 'currentPassword');
    this.auth.assertStrongPassword(input.newPassword, user);
    await this.dataSource.transaction(async (manager) => {
      await this.users.setPassword(manager, userId, input.newPassword);
      await this.sessions.revokeOthers(manager, request, userId);
    });
  }

  /**
   * Sends a confirmation link to the new address (the change happens when it is followed): 409 when another
   * account uses it, 400 when it is the current one or the password is wrong. At most 3 links an hour.
   */
  async requestEmailChange(userId: number, input: ChangeEmailDto): Promise<void> {
    const user = await this.assertPassword(userId, input.password, 'password');
    if (input.email === user.email) throw new ValidationFailedException([{ field: 'email', message: 'This is already your email address' }]);
    if (await this.users.findByEmail(input.email)) throw new ConflictException('An account with this email already exists');
    await this.dataSource.transaction(async (manager) => {
      const token = await this.tokens.issue(manager, 'email-change', userId, { ttlMinutes: EMAIL_CHANGE_TTL_HOURS * 60, perHour: EMAIL_LINKS_PER_HOUR, newEmail: input.email });
      if (!token) throw new ConflictException('We sent 3 confirmation links this hour: use one of them, or try again later');
      const link = `${this.config.publicUrl ?? ''}${sitePath('/confirm-email')}?token=${token}`;
      await this.outbox.enqueue(
        manager,
        'email-change',
        composeMail(this.config.site, {
          to: input.email,
          subject: `Confirm your new email address for ${this.config.site.name}`,
          paragraphs: [
            `You asked to use ${input.email} for your ${this.config.site.name} account instead of ${user.email}.`,
            `Confirm it with the link below within ${EMAIL_CHANGE_TTL_HOURS} hours. Until then, your account keeps its current address.`,
          ],
          action: { label: 'Confirm this email address', url: link },
          footer: ['If you did not ask for this, ignore this e-mail: nothing changes.'],
        }),
      );
    });
  }

  /** Follows a confirmation link: the account moves to the new address; the old one is told. */
  async confirmEmail(token: string): Promise<{ email: string }> {
    const link = await this.tokens.find(this.dataSource.manager, 'email-change', token);
    if (!link?.user || !link.newEmail) throw new BadRequestException(EMAIL_LINK_INVALID);
    const { user, newEmail } = link;
    await this.dataSource.transaction(async (manager) => {
      await this.tokens.redeem(manager, link, EMAIL_LINK_INVALID);
      await this.users.setEmail(manager, user.id, newEmail);
      // A reset link mailed to the old address, or another pending change, must not outlive the move.
      await this.tokens.revokeAll(manager, user.id);
      await this.outbox.enqueue(
        manager,
        'email-changed',
        composeMail(this.config.site, {
          to: user.email,
          subject: `Your ${this.config.site.name} account now uses another email address`,
          paragraphs: [
            `Your account's email address was changed from ${user.email} to ${newEmail}. Sign in with the new one from now on.`,
            `If you did not do this, call us at once at ${this.config.site.supportPhone}.`,
          ],
        }),
      );
    });
    return { email: newEmail };
  }

  /**
   * Deletes the account after its password: its listings through the one listing writer (their photos leave
   * storage), the photos it uploaded that no listing used, its sessions, then the account itself (its links
   * and saved vehicles go with it; the audit log keeps what staff did, without the person).
   */
  async deleteAccount(request: FastifyRequest, userId: number, password: string): Promise<void> {
    const user = await this.assertPassword(userId, password, 'password');
    const listings = await this.listings.allOf(userId);
    if (listings.length > 0) await this.writer.write(userActor(user), listings.map((before) => ({ before, after: null })));
    await this.uploads.removeAllOf(userId);
    await this.dataSource.transaction((manager) => this.sessions.revokeAll(manager, userId));
    await this.users.delete(userId);
    request.session?.delete();
  }
}
