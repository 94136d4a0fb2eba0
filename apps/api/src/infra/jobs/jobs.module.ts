import { Global, Module } from '@nestjs/common';
import { JobLockService } from './job-lock.service';

@Global()
@Module({ providers: [JobLockService], exports: [JobLockService] })
export class JobsModule {}
