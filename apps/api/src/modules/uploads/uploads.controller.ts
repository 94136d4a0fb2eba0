import { Controller, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { LISTING_LIMITS, UPLOAD_FIELD, type UploadedImage } from '@app/shared';
import { type AuthUser, CurrentUser } from '../auth';
import { readSingleFile } from './multipart-file';
import { UploadsService } from './uploads.service';

@Controller('uploads')
export class UploadsController {
  constructor(private readonly uploads: UploadsService) {}

  /**
   * One listing photo per request (multipart field `file`), signed in; answers the stored URLs. The hourly
   * allowance, the user's photos not yet in a listing and the free disk are checked before the body is read.
   */
  @Post()
  async upload(@CurrentUser() user: AuthUser, @Req() request: FastifyRequest): Promise<UploadedImage> {
    await this.uploads.consumeQuota(user.id);
    await this.uploads.assertRoom(user.id);
    const input = await readSingleFile(request, UPLOAD_FIELD, LISTING_LIMITS.maxImageBytes);
    return this.uploads.store(user.id, input);
  }
}
