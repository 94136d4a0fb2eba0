import { Logger } from '@nestjs/common';
import { LogMailTransport } from './log.transport';
import { composeMail } from './mail-layout';
import type { MailMessage } from './mail-transport';

const site = { name: 'AutoTrust Motors', supportPhone: '(555) 010-4287' };

describe('composeMail', () => {
  const mail = composeMail(site, {
    to: 'seller@example.com',
    subject: 'Your listing of the 2021 BMW X5 <b>xDrive40i</b>',
    paragraphs: ['Hello & welcome,\nsecond line', 'A buyer wrote: <script>alert(1)</script>'],
    action: { label: 'Open your dashboard', url: 'https://cars.example.com/dashboard?a=1&b=2' },
    footer: ['You get this e-mail because you listed a car.'],
    headers: { 'List-Unsubscribe': '<https://cars.example.com/u/1>' },
  });

  it('writes the text part: paragraphs, the action as label and URL, then the signature and small print', () => {
    expect(mail.text).toBe(
      [
        'Hello & welcome,\nsecond line',
        'A buyer wrote: <script>alert(1)</script>',
        'Open your dashboard: https://cars.example.com/dashboard?a=1&b=2',
        '--\nAutoTrust Motors\nYou get this e-mail because you listed a car.\nQuestions? Call us at (555) 010-4287.',
      ].join('\n\n'),
    );
    expect(mail.headers).toEqual({ 'List-Unsubscribe': '<https://cars.example.com/u/1>' });
  });

  it('escapes every text in the HTML part and keeps line breaks', () => {
    expect(mail.html).toContain('Hello &amp; welcome,<br>second line');
    expect(mail.html).toContain('A buyer wrote: &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('<title>Your listing of the 2021 BMW X5 &lt;b&gt;xDrive40i&lt;/b&gt;</title>');
    expect(mail.html).toContain('href="https://cars.example.com/dashboard?a=1&amp;b=2"');
    expect(mail.html).toContain('>Open your dashboard</a>');
    expect(mail.html).toContain('Questions? Call us at (555) 010-4287.');
  });

  it('bounds the subject to 250 characters', () => {
    expect(composeMail(site, { to: 'a@example.com', subject: 'x'.repeat(300), paragraphs: [] }).subject).toHaveLength(250);
  });
});

describe('LogMailTransport', () => {
  it('writes the text of the e-mail to the log instead of sending it', async () => {
    const message: MailMessage = { to: 'staff@example.com', subject: 'Buyer inquiry', text: 'Is it still available?', replyTo: { name: 'Jane Doe', address: 'jane@example.com' } };
    const logged = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    await new LogMailTransport().send(message);
    expect(logged).toHaveBeenCalledWith(
      'E-mail not sent (SMTP_URL is not set)\nTo: staff@example.com\nReply-To: Jane Doe <jane@example.com>\nSubject: Buyer inquiry\n\nIs it still available?',
    );
    logged.mockRestore();
  });
});
