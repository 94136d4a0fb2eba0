import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../users';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { EmailVerificationService } from './email-verification.service';
import { AccountTokenEntity } from './entities/account-token.entity';
import { SessionEntity } from './entities/session.entity';
import { SessionPurgeJob } from './jobs/session-purge.job';
import { LocalStrategy } from './local.strategy';
import { LoginThrottleService } from './login-throttle.service';
import { AccountTokensService } from './account-tokens.service';
import { PasswordResetService } from './password-reset.service';
import { SessionAuthGuard } from './session-auth.guard';
import { SessionService } from './session.service';

@Module({
  imports: [PassportModule, UsersModule, TypeOrmModule.forFeature([SessionEntity, AccountTokenEntity])],
  controllers: [AuthController],
  providers: [
    AuthService,
    SessionService,
    LocalStrategy,
    LoginThrottleService,
    PasswordResetService,
    AccountTokensService,
    EmailVerificationService,
    SessionPurgeJob,
    { provide: APP_GUARD, useClass: SessionAuthGuard },
  ],
  exports: [SessionService, AuthService, AccountTokensService],
})
export class AuthModule {}
