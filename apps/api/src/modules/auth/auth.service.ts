import { ConflictException, Inject, Injectable } from '@nestjs/common';
import { sitePath, type PublicUser, type RegisterDto } from '@app/shared';
import { DataSource } from 'typeorm';
import { createPasswordChecker } from '@app/shared/auth/password-strength';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { ValidationFailedException } from '../../infra/http/error-body';
import { composeMail } from '../../infra/mail/mail-layout';
import { MailOutbox } from '../../infra/mail/outbox/mail-outbox.service';
import { UserEntity, decoyHash, hashPassword, verifyPassword, toPublicUser, UsersService } from '../users';
import { EmailVerificationService } from './email-verification.service';

/** Notices "someone tried to register with your address" one address gets per day, whoever asks. */
const REGISTRATION_NOTICES_PER_DAY = 3;

/** What a registration answers, and whom (if anyone) it signs in. */
export interface Registration {
  answer: PublicUser;
  /** The new account to sign in; null when the address had an account (nobody is signed in). */
  signIn: number | null;
}

@Injectable()
export class AuthService {
  /** Built on first use: the strength estimator's dictionaries take a moment to load. */
  private checkPassword?: ReturnType<typeof createPasswordChecker>;

  constructor(
    private readonly users: UsersService,
    private readonly dataSource: DataSource,
    private readonly verification: EmailVerificationService,
    private readonly outbox: MailOutbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The user when the password matches; null otherwise (same work either way, no enumeration). */
  async checkCredentials(email: string, password: string): Promise<UserEntity | null> {
    const user = await this.users.findByEmailWithPassword(email);
    if (!user) {
      await verifyPassword(await decoyHash(this.config.passwordHash), password, this.config.passwordHash);
      return null;
    }
    if (!(await verifyPassword(user.password, password, this.config.passwordHash))) return null;
    return (await this.users.findById(user.id)) as UserEntity;
  }

  /**
   * Creates the account with its address unverified and e-mails the verification link, in one transaction; a
   * common or guessable password (the shared strength rule) is a 400 that says why. An address that has an
   * account is answered alike (same status, an answer of the same shape, the password hashed all the same) but
   * signs nobody in: its owner is e-mailed instead. So registration tells nobody which addresses have accounts.
   */
  async register(input: RegisterDto): Promise<Registration> {
    this.assertStrongPassword(input.password, input);
    try {
      const user = await this.dataSource.transaction(async (manager) => {
        const created = await this.users.create(input, manager);
        await this.verification.sendLink(manager, created);
        return created;
      });
      return { answer: toPublicUser(user), signIn: user.id };
    } catch (error) {
      if (!(error instanceof ConflictException)) throw error;
    }
    await hashPassword(input.password, this.config.passwordHash);
    await this.noticeToOwner(input.email.trim().toLowerCase());
    const now = new Date().toISOString();
    const [{ next }] = (await this.dataSource.query('SELECT COALESCE(MAX(id), 0) + 1 AS next FROM users')) as { next: number | string }[];
    return {
      answer: {
        id: Number(next),
        email: input.email.trim().toLowerCase(),
        firstName: input.firstName?.trim() || null,
        lastName: input.lastName?.trim() || null,
        profileImageUrl: null,
        role: 'user',
        emailVerified: false,
        createdAt: now,
        updatedAt: now,
      },
      signIn: null,
    };
  }

  /** "Someone tried to register with your address": at most 3 a day to one address. */
  private async noticeToOwner(email: string): Promise<void> {
    const { site, publicUrl } = this.config;
    await this.dataSource.transaction(async (manager) => {
      if ((await this.outbox.countRecent(manager, 'registration-attempt', email, 86_400_000)) >= REGISTRATION_NOTICES_PER_DAY) return;
      await this.outbox.enqueue(
        manager,
        'registration-attempt',
        composeMail(site, {
          to: email,
          subject: `Someone tried to create a ${site.name} account with your address`,
          paragraphs: [
            `Someone tried to create a new ${site.name} account with ${email}, which already has one. No second account was made and nothing about yours changed.`,
            'If it was you, sign in instead; if you forgot your password, choose a new one.',
          ],
          action: { label: 'Sign in', url: `${publicUrl ?? ''}${sitePath('/auth')}` },
          footer: [`Forgot your password? ${publicUrl ?? ''}${sitePath('/forgot-password')}`, 'If it was not you, you need do nothing.'],
        }),
      );
    });
  }

  /** The shared strength rule for a new password of this person: a 400 on `password` that says why. */
  assertStrongPassword(password: string, person: { email: string; firstName?: string | null; lastName?: string | null }): void {
    this.checkPassword ??= createPasswordChecker();
    const { problem } = this.checkPassword(password, {
      email: person.email,
      firstName: person.firstName ?? undefined,
      lastName: person.lastName ?? undefined,
      siteName: this.config.site.name,
    });
    if (problem) throw new ValidationFailedException([{ field: 'password', message: problem }]);
  }
}
