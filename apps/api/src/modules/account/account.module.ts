import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { UploadsModule } from '../uploads';
import { UsersModule } from '../users';
import { VehiclesModule } from '../vehicles';
import { AccountController } from './account.controller';
import { AccountService } from './account.service';

@Module({
  imports: [AuthModule, UsersModule, VehiclesModule, UploadsModule],
  controllers: [AccountController],
  providers: [AccountService],
})
export class AccountModule {}
