import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { LogMailTransport } from './log.transport';
import { MAIL_TRANSPORT, type MailTransport } from './mail-transport';
import { MailService } from './mail.service';
import { SmtpMailTransport } from './smtp.transport';

@Global()
@Module({
  providers: [
    {
      provide: MAIL_TRANSPORT,
      inject: [APP_CONFIG],
      useFactory: ({ mail }: AppConfig): MailTransport =>
        mail.smtpUrl ? new SmtpMailTransport(mail.smtpUrl, mail.from) : new LogMailTransport(),
    },
    MailService,
  ],
  exports: [MailService],
})
export class MailModule {}
