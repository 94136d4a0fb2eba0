import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { JobLockService } from './job-lock.service';
import { JobPeriodEntity } from './job-period.entity';

@Global()
@Module({ imports: [TypeOrmModule.forFeature([JobPeriodEntity])], providers: [JobLockService], exports: [JobLockService] })
export class JobsModule {}
