import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { MAIL_TRANSPORT, type MailMessage, type MailTransport } from './mail-transport';

const SHUTDOWN_WAIT_MS = 10_000;

/**
 * Sends e-mail through the configured transport. `sendInBackground` never makes its caller wait for the
 * mail server nor fail with it: the failure is logged. Sends still under way at shutdown get a few seconds.
 */
@Injectable()
export class MailService implements OnApplicationShutdown {
  private readonly logger = new Logger(MailService.name);
  private readonly pending = new Set<Promise<void>>();

  constructor(@Inject(MAIL_TRANSPORT) private readonly transport: MailTransport) {}

  send(message: MailMessage): Promise<void> {
    return this.transport.send(message);
  }

  /** Starts sending and returns at once; `what` names the e-mail in the log if it fails. */
  sendInBackground(message: MailMessage, what: string): void {
    const sending = this.transport
      .send(message)
      .catch((error: unknown) => {
        this.logger.error(`Could not send ${what} via ${this.transport.kind}: ${error instanceof Error ? error.message : String(error)}`);
      })
      .finally(() => this.pending.delete(sending));
    this.pending.add(sending);
  }

  /** Resolves when every background send has finished (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.pending.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, SHUTDOWN_WAIT_MS)));
      await Promise.race([this.settled(), timeout]);
      clearTimeout(timer);
    }
    this.transport.close?.();
  }
}
