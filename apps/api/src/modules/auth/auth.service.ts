import { Inject, Injectable } from '@nestjs/common';
import type { RegisterDto } from '@app/shared';
import { createPasswordChecker } from '@app/shared/auth/password-strength';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { ValidationFailedException } from '../../infra/http/error-body';
import { UserEntity, decoyHash, verifyPassword, UsersService } from '../users';

@Injectable()
export class AuthService {
  /** Built on first use: the strength estimator's dictionaries take a moment to load. */
  private checkPassword?: ReturnType<typeof createPasswordChecker>;

  constructor(
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The user when the password matches; null otherwise (same work either way, no enumeration). */
  async checkCredentials(email: string, password: string): Promise<UserEntity | null> {
    const user = await this.users.findByEmailWithPassword(email);
    if (!user) {
      await verifyPassword(await decoyHash(), password);
      return null;
    }
    if (!(await verifyPassword(user.password, password))) return null;
    return (await this.users.findById(user.id)) as UserEntity;
  }

  /** Creates the account; a common or guessable password (the shared strength rule) is a 400 that says why. */
  register(input: RegisterDto): Promise<UserEntity> {
    this.assertStrongPassword(input.password, input);
    return this.users.create(input);
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
