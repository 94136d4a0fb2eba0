import { BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { PASSWORD_RESET_TTL_MINUTES, RESET_LINK_INVALID, sitePath } from '@app/shared';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, IsNull, MoreThan, Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { composeMail } from '../../infra/mail/mail-layout';
import { MailOutbox } from '../../infra/mail/outbox/mail-outbox.service';
import { UserEntity } from '../users/entities/user.entity';
import { UsersService } from '../users/users.service';
import { AuthService } from './auth.service';
import { PasswordResetEntity } from './entities/password-reset.entity';
import { SessionService } from './session.service';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** Links one account may be sent per hour, whoever asks: nobody can fill a stranger's inbox. */
const LINKS_PER_HOUR = 3;

/**
 * "Forgot password": a link by e-mail that sets a new password once within an hour. The request answers
 * the same whether an account uses the address or not (the caller says 202 either way); the token is 32
 * random bytes of which only the hash is stored; using it sets the password, ends every session of the
 * account and every other link it was sent.
 */
@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger(PasswordResetService.name);

  constructor(
    @InjectRepository(PasswordResetEntity) private readonly resets: Repository<PasswordResetEntity>,
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly auth: AuthService,
    private readonly sessions: SessionService,
    private readonly outbox: MailOutbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Starts `request` without waiting for it, so that the answer takes as long whether an account uses the
   * address or not; a failure is logged.
   */
  requestSoon(email: string): void {
    this.request(email).catch((error: unknown) => this.logger.error(`Password reset request failed: ${(error as Error).stack ?? error}`));
  }

  /** Sends a reset link to the account of `email`, if there is one and it got fewer than 3 this hour. */
  async request(email: string): Promise<void> {
    const user = await this.dataSource.getRepository(UserEntity).findOneBy({ email: email.trim().toLowerCase() });
    if (!user) return;
    const token = randomBytes(32).toString('base64url');
    const link = `${this.config.publicUrl ?? ''}${sitePath('/reset-password')}?token=${token}`;
    await this.dataSource.transaction(async (manager) => {
      // Requests for one account are counted one at a time: the user's row is locked (SQLite writes one
      // transaction at a time anyway).
      if (this.dataSource.options.type !== 'better-sqlite3') await manager.query('SELECT id FROM users WHERE id = ? FOR UPDATE', [user.id]);
      const recent = await manager.countBy(PasswordResetEntity, { userId: user.id, createdAt: MoreThan(new Date(Date.now() - 3_600_000)) });
      if (recent >= LINKS_PER_HOUR) return;
      await manager.insert(PasswordResetEntity, {
        tokenHash: hashToken(token),
        userId: user.id,
        expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000),
        usedAt: null,
      });
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
   * expired, 400 for a password the registration rules refuse (the link stays usable). One transaction claims
   * the link (a second use of the same link, even at the same moment, finds it used), sets the password and
   * ends the account's sessions and other links.
   */
  async reset(token: string, password: string): Promise<void> {
    const hash = hashToken(token);
    const link = await this.resets.findOne({ where: { tokenHash: hash, usedAt: IsNull(), expiresAt: MoreThan(new Date()) }, relations: { user: true } });
    if (!link?.user) throw new BadRequestException(RESET_LINK_INVALID);
    this.auth.assertStrongPassword(password, link.user);
    await this.dataSource.transaction(async (manager) => {
      const now = new Date();
      const { affected } = await manager.update(PasswordResetEntity, { id: link.id, usedAt: IsNull() }, { usedAt: now });
      if (!affected) throw new BadRequestException(RESET_LINK_INVALID);
      await manager.update(PasswordResetEntity, { userId: link.userId, usedAt: IsNull() }, { usedAt: now });
      await this.users.setPassword(manager, link.userId, password);
      await this.sessions.revokeAll(manager, link.userId);
    });
  }
}
