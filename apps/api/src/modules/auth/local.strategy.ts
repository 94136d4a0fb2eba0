import { Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-local';
import { type AuthUser, toAuthUser } from './auth-user';
import { AuthService } from './auth.service';

/** Only checks credentials; the login handler starts the session. */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy) {
  constructor(private readonly auth: AuthService) {
    super({ usernameField: 'email', passwordField: 'password' });
  }

  async validate(email: string, password: string): Promise<AuthUser> {
    const user = await this.auth.checkCredentials(email, password);
    if (!user) throw new UnauthorizedException('Invalid email or password');
    return toAuthUser(user);
  }
}
