import { Injectable } from '@nestjs/common';
import type { RegisterDto } from '@app/shared';
import { UserEntity } from '../users/entities/user.entity';
import { decoyHash, verifyPassword } from '../users/password';
import { UsersService } from '../users/users.service';

@Injectable()
export class AuthService {
  constructor(private readonly users: UsersService) {}

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

  register(input: RegisterDto): Promise<UserEntity> {
    return this.users.create(input);
  }
}
