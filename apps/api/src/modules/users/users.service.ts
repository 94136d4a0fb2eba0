import { ConflictException, Inject, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, IsNull, QueryFailedError, Repository } from 'typeorm';
import type { PublicUser, UserRole } from '@app/shared';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { UserEntity } from './entities/user.entity';
import { hashPassword, NO_PASSWORD } from './password';

export interface NewUser {
  email: string;
  /** null: the account has no password (NO_PASSWORD) until a reset gives it one. */
  password: string | null;
  firstName?: string | null;
  lastName?: string | null;
  role?: UserRole;
  /** The address is vouched for by whoever creates the account (ADMIN_EMAIL, a listing bundle); a registration's is not. */
  emailVerified?: boolean;
}

@Injectable()
export class UsersService {
  private readonly logger = new Logger(UsersService.name);

  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  findById(id: number): Promise<UserEntity | null> {
    return this.users.findOneBy({ id });
  }

  /** With the password hash, for credential checks only. */
  /** The account as its owner is shown it (PublicUser): 401 when it was deleted meanwhile. */
  async profile(id: number): Promise<PublicUser> {
    const user = await this.findById(id);
    if (!user) throw new UnauthorizedException('You need to sign in');
    return toPublicUser(user);
  }

  findByEmailWithPassword(email: string): Promise<UserEntity | null> {
    return this.users
      .createQueryBuilder('u')
      .addSelect('u.password')
      .where('u.email = :email', { email: email.trim().toLowerCase() })
      .getOne();
  }

  /** With the password hash, for credential checks only. */
  findByIdWithPassword(id: number): Promise<UserEntity | null> {
    return this.users.createQueryBuilder('u').addSelect('u.password').where('u.id = :id', { id }).getOne();
  }

  /** Staff roles (POST and DELETE /api/admin/staff): sets the role; answers the account as stored. */
  async setRole(id: number, role: UserRole): Promise<UserEntity> {
    await this.users.update({ id }, { role });
    return (await this.findById(id)) as UserEntity;
  }

  countByRole(role: UserRole): Promise<number> {
    return this.users.countBy({ role });
  }

  /** Sets the name on the account (an empty one clears it); answers the account as stored. */
  async updateNames(id: number, names: { firstName?: string; lastName?: string }): Promise<UserEntity> {
    const set: Partial<UserEntity> = {};
    if (names.firstName !== undefined) set.firstName = names.firstName || null;
    if (names.lastName !== undefined) set.lastName = names.lastName || null;
    if (Object.keys(set).length > 0) await this.users.update({ id }, set);
    return (await this.findById(id)) as UserEntity;
  }

  /**
   * Moves the account to a confirmed new address (verified by that very link), in the caller's transaction:
   * 409 when another account took it.
   */
  async setEmail(manager: EntityManager, id: number, email: string): Promise<void> {
    try {
      await manager.update(UserEntity, { id }, { email: email.trim().toLowerCase(), emailVerifiedAt: new Date() });
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
  }

  /** Marks the account's address verified (a link to it was followed), in the caller's transaction; once. */
  async markEmailVerified(manager: EntityManager, id: number): Promise<void> {
    await manager.update(UserEntity, { id, emailVerifiedAt: IsNull() }, { emailVerifiedAt: new Date() });
  }

  /** Deletes the account row (its sessions, links and saved vehicles go with it; its listings must be gone first). */
  async delete(id: number): Promise<void> {
    await this.users.delete({ id });
  }

  /** Sets a new password (hashed), in the caller's transaction. */
  async setPassword(manager: EntityManager, userId: number, plain: string): Promise<void> {
    await manager.update(UserEntity, { id: userId }, { password: await hashPassword(plain, this.config.passwordHash) });
  }

  /** Creates a user (in `manager`'s transaction when given); 409 when the e-mail is taken (in any letter case). */
  async create(input: NewUser, manager: EntityManager = this.users.manager): Promise<UserEntity> {
    const users = manager.getRepository(UserEntity);
    const email = input.email.trim().toLowerCase();
    if (await users.existsBy({ email })) throw emailTaken();
    const user = users.create({
      email,
      password: input.password === null ? NO_PASSWORD : await hashPassword(input.password, this.config.passwordHash),
      firstName: input.firstName?.trim() || null,
      lastName: input.lastName?.trim() || null,
      role: input.role ?? 'user',
      profileImageUrl: null,
      emailVerifiedAt: input.emailVerified ? new Date() : null,
    });
    try {
      const saved = await users.save(user);
      return (await users.findOneBy({ id: saved.id })) as UserEntity;
    } catch (error) {
      // Two registrations racing past the check above: the unique index decides.
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
  }

  /**
   * Makes sure an admin with this e-mail exists: created, or promoted if the user exists. Running it
   * again changes nothing (an existing admin's password is left as it is).
   */
  async ensureAdmin(email: string, password: string): Promise<'created' | 'promoted' | 'unchanged'> {
    const existing = await this.users.findOneBy({ email: email.trim().toLowerCase() });
    if (!existing) {
      // The operator named this address in the configuration: it counts as verified.
      await this.create({ email, password, firstName: 'Site', lastName: 'Admin', role: 'admin', emailVerified: true });
      this.logger.log(`Admin ${email} created`);
      return 'created';
    }
    if (existing.role === 'admin' && existing.emailVerifiedAt) return 'unchanged';
    if (existing.role === 'admin') {
      await this.markEmailVerified(this.users.manager, existing.id);
      return 'unchanged';
    }
    await this.users.update({ id: existing.id }, { role: 'admin', emailVerifiedAt: existing.emailVerifiedAt ?? new Date() });
    this.logger.log(`User ${email} promoted to admin`);
    return 'promoted';
  }

  count(): Promise<number> {
    return this.users.count();
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ email: email.trim().toLowerCase() });
  }

  hasAdmin(): Promise<boolean> {
    return this.users.existsBy({ role: 'admin' });
  }
}

export function toPublicUser(user: UserEntity): PublicUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    role: user.role,
    emailVerified: user.emailVerifiedAt != null,
    createdAt: new Date(user.createdAt).toISOString(),
    updatedAt: new Date(user.updatedAt).toISOString(),
  };
}

const emailTaken = () => new ConflictException('An account with this email already exists');

function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driverError = error.driverError as { code?: string; errno?: number };
  return driverError.code === 'ER_DUP_ENTRY' || driverError.code === 'SQLITE_CONSTRAINT_UNIQUE';
}
