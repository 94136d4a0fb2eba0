import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { LogMailTransport } from './log.transport';
import { MAIL_TRANSPORT, type MailTransport } from './mail-transport';
import { MailOutboxEntity } from './outbox/mail-outbox.entity';
import { MailOutbox } from './outbox/mail-outbox.service';
import { SmtpMailTransport } from './smtp.transport';

/** E-mail: the outbox every module queues its e-mails in, and the transport its worker sends them with. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([MailOutboxEntity])],
  providers: [
    {
      provide: MAIL_TRANSPORT,
      inject: [APP_CONFIG],
      useFactory: ({ mail }: AppConfig): MailTransport =>
        mail.smtpUrl ? new SmtpMailTransport(mail.smtpUrl, mail.from) : new LogMailTransport(),
    },
    MailOutbox,
  ],
  exports: [MailOutbox],
})
export class MailModule {}
