import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { PasswordResetEntity } from './entities/password-reset.entity';
import { SessionEntity } from './entities/session.entity';
import { SessionPurgeJob } from './jobs/session-purge.job';
import { LocalStrategy } from './local.strategy';
import { LoginThrottleService } from './login-throttle.service';
import { PasswordResetService } from './password-reset.service';
import { SessionAuthGuard } from './session-auth.guard';
import { SessionService } from './session.service';

@Module({
  imports: [PassportModule, UsersModule, TypeOrmModule.forFeature([SessionEntity, PasswordResetEntity])],
  controllers: [AuthController],
  providers: [
    AuthService,
    SessionService,
    LocalStrategy,
    LoginThrottleService,
    PasswordResetService,
    SessionPurgeJob,
    { provide: APP_GUARD, useClass: SessionAuthGuard },
  ],
  exports: [SessionService],
})
export class AuthModule {}
