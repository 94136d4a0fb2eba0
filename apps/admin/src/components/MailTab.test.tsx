import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminMail, AdminMailList } from '@app/shared';
import { mockApi, renderConsole, type MockApi } from '../../test/render';
import { MailTab } from './MailTab';

const failed: AdminMail = {
  id: 12,
  kind: 'staff-inquiry',
  to: 'staff@example.com',
  subject: 'Buyer inquiry: 2021 BMW X5 - Still available?',
  status: 'failed',
  attempts: 10,
  lastError: '550 Mailbox unavailable',
  nextAttemptAt: null,
  sentAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};
const list = (messages: AdminMail[], counts: AdminMailList['counts']): AdminMailList => ({ counts, messages });

describe('MailTab', () => {
  let api: MockApi;
  beforeEach(() => {
    api = mockApi();
  });

  it('lists failed e-mails with the server answer and sends one again', async () => {
    api.get.mockResolvedValueOnce(list([failed], { failed: 1, pending: 0, sent: 4 })).mockResolvedValue(list([], { failed: 0, pending: 1, sent: 4 }));
    api.post.mockResolvedValueOnce({ ...failed, status: 'pending', attempts: 0 });
    renderConsole(<MailTab enabled />, api);
    const row = (await screen.findByText(failed.subject)).closest('tr') as HTMLElement;
    expect(within(row).getByText('550 Mailbox unavailable')).toBeTruthy();
    // The address wraps at its @ (a <wbr> splits it into two text nodes): read the row's text.
    expect(row.textContent).toMatch(/To staff@example\.com/);
    expect(screen.getByText('These e-mails were not delivered after every retry.')).toBeTruthy();
    expect(screen.getByText('Failed (1)')).toBeTruthy();
    expect(screen.getByText('Sent (4)')).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith('/admin/mail', { status: 'failed' });
    await userEvent.click(within(row).getByRole('button', { name: /Send again/ }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/admin/mail/12/retry'));
    expect(await screen.findByText('The e-mail will be sent again in a moment')).toBeTruthy();
  });

  it('shows the other statuses on request, and says when there is nothing', async () => {
    api.get.mockResolvedValueOnce(list([], { failed: 0, pending: 0, sent: 0 })).mockResolvedValueOnce(list([], { failed: 0, pending: 0, sent: 0 }));
    renderConsole(<MailTab enabled />, api);
    expect(await screen.findByText('No e-mail has failed')).toBeTruthy();
    await userEvent.click(screen.getByText('Sent (0)'));
    expect(await screen.findByText('No e-mail sent in the last 30 days')).toBeTruthy();
    expect(api.get).toHaveBeenLastCalledWith('/admin/mail', { status: 'sent' });
  });
});
