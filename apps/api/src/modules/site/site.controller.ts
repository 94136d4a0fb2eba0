import { Controller, Get, Header, Inject } from '@nestjs/common';
import type { PublicConfig } from '@app/shared';
import { APP_CONFIG, AppConfig } from '../../infra/config/app-config';
import { Public } from '../auth';

/** Public configuration the frontends read instead of hard-coding it (DECISIONS.md). */
@Controller('config')
export class SiteController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Public()
  @Get()
  @Header('cache-control', 'public, max-age=300')
  publicConfig(): PublicConfig {
    const { site } = this.config;
    return {
      siteName: site.name,
      supportPhone: site.supportPhone,
      reviewsUrl: site.reviewsUrl,
      reviews: site.reviews,
      adminRemoteUrl: site.adminRemoteUrl,
      imageUpload: this.config.hostedImages
        ? { provider: 'hosted', url: this.config.hostedImages.uploadUrl, presets: this.config.hostedImages.presets, folder: this.config.hostedImages.folder, urlPrefix: this.config.hostedImages.urlPrefix }
        : { provider: 'local', url: '/api/uploads' },
    };
  }
}
