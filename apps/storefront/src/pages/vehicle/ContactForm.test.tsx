import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { recordTyping } from '../../lib/typing-record';
import { initialToastState, useToastStore } from '../../stores/toast';
import { ContactForm } from './ContactForm';
import { contactDefaults, missingContactFields } from './contact-form-values';

const vehicle = { id: 9, year: 2021, make: 'BMW', model: 'X5', price: 46000 };

function fill(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('ContactForm', () => {
  const fetchMock = jest.fn();
  beforeAll(() => recordTyping(document));

  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
    act(() => useToastStore.setState(initialToastState));
  });

  it('starts with the subject and message that name the car and its price', () => {
    render(<ContactForm vehicle={vehicle} />);
    expect((screen.getByLabelText(/Subject/) as HTMLInputElement).value).toBe('Interested in your 2021 BMW X5');
    expect((screen.getByLabelText(/Message/) as HTMLTextAreaElement).value).toContain('2021 BMW X5 listed at $46,000');
    expect((screen.getByLabelText(/Email/) as HTMLInputElement).type).toBe('email');
  });

  it('refuses to send without the required fields and says so at each field, without a toast', () => {
    render(<ContactForm vehicle={vehicle} />);
    fill(/First name/, 'Ana');
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useToastStore.getState().current).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('Please correct the highlighted fields and send again.');
    expect(document.getElementById(screen.getByLabelText(/Email/).getAttribute('aria-describedby') ?? '')?.textContent).toBe('Email is required');
    const lastName = screen.getByLabelText(/Last name/);
    expect(lastName.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(lastName.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Last name is required');
    expect(document.activeElement).toBe(lastName);
    expect(screen.getByLabelText(/First name/).getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByLabelText(/First name/).getAttribute('aria-describedby')).toBeNull();
  });

  it("shows the API's field errors beside their fields, not as a failure to send", async () => {
    const body = {
      statusCode: 400,
      message: 'Validation failed',
      errors: [
        { field: 'senderEmail', message: 'Enter a valid email address' },
        { field: 'message', message: 'Message must be at most 5000 characters' },
      ],
    };
    fetchMock.mockResolvedValue(new Response(JSON.stringify(body), { status: 400, headers: { 'content-type': 'application/json' } }));
    render(<ContactForm vehicle={vehicle} />);
    fill(/First name/, 'Ana');
    fill(/Last name/, 'Silva');
    fill(/Email/, 'ana@example.invalid');
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    const email = screen.getByLabelText(/Email/);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Enter a valid email address');
    const message = screen.getByLabelText(/Message/);
    expect(message.getAttribute('aria-invalid')).toBe('true');
    const [count, error] = (message.getAttribute('aria-describedby') ?? '').split(' ');
    expect(document.getElementById(count!)?.textContent).toMatch(/^\d+ \/ 5,000 characters$/);
    expect(document.getElementById(error!)?.textContent).toBe('Message must be at most 5000 characters');
    expect(document.activeElement).toBe(email);
    expect(useToastStore.getState().current).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('Please correct the highlighted fields and send again.');
    expect((screen.getByLabelText(/First name/) as HTMLInputElement).value).toBe('Ana');

    // Correcting a field clears its error.
    fill(/Email/, 'ana@example.com');
    expect(email.getAttribute('aria-invalid')).toBe('false');
    expect(email.getAttribute('aria-describedby')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('Please correct the highlighted field and send again.');
  });

  it('sends the payload, thanks the buyer and resets the fields (phone optional)', async () => {
    fetchMock.mockResolvedValue(new Response('{"id":1}', { status: 201, headers: { 'content-type': 'application/json' } }));
    render(<ContactForm vehicle={vehicle} />);
    fill(/First name/, 'Ana');
    fill(/Last name/, 'Silva');
    fill(/Email/, 'ana@example.com');
    fireEvent.click(screen.getByLabelText("I'm interested in financing options"));
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeTruthy();

    await waitFor(() => expect(useToastStore.getState().current?.title).toBe('Thank You!'));
    expect(useToastStore.getState().current?.description).toBe(
      'Thanks for reaching out about the 2021 BMW X5! One of our associates will reply usually within a few hours.',
    );
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/contact');
    expect(JSON.parse(String(init.body))).toEqual({
      vehicleId: 9,
      senderName: 'Ana Silva',
      senderFirstName: 'Ana',
      senderLastName: 'Silva',
      senderEmail: 'ana@example.com',
      subject: 'Interested in your 2021 BMW X5',
      message: contactDefaults(vehicle).message,
      isFinancingInterest: true,
      isTradeInInterest: false,
    });
    expect((screen.getByLabelText(/First name/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText("I'm interested in financing options") as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeTruthy();
    // Said on the page too: who replies, where and when.
    expect(screen.getByRole('status').textContent).toBe(
      'Message sentOne of our sales associates, who handles this car for its owner, will reply to ana@example.com, usually within a few hours.',
    );
  });

  it('keeps what was typed and shows the failure toast when the API refuses', async () => {
    fetchMock.mockResolvedValue(new Response('{"statusCode":500}', { status: 500 }));
    render(<ContactForm vehicle={vehicle} />);
    fill(/First name/, 'Ana');
    fill(/Last name/, 'Silva');
    fill(/Email/, 'ana@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(useToastStore.getState().current?.description).toBe('Failed to send message. Please try again.'));
    expect((screen.getByLabelText(/First name/) as HTMLInputElement).value).toBe('Ana');
  });

  it('shows the limits before sending, with a counter, and an e-mail address that is not one at its field', () => {
    render(<ContactForm vehicle={vehicle} />);
    const message = screen.getByLabelText(/Message/) as HTMLTextAreaElement;
    expect(message.maxLength).toBe(5000);
    fill(/Message/, 'Is it available?');
    expect(document.getElementById(message.getAttribute('aria-describedby') ?? '')?.textContent).toBe('16 / 5,000 characters');
    expect((screen.getByLabelText(/Subject/) as HTMLInputElement).maxLength).toBe(200);
    fill(/First name/, 'Ana');
    fill(/Last name/, 'Silva');
    fill(/Email/, 'ana at example');
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(fetchMock).not.toHaveBeenCalled();
    const email = screen.getByLabelText(/Email/);
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Enter a valid email address');
    expect(document.activeElement).toBe(email);
    // The one promise about the reply, before sending.
    expect(screen.getByText(/One of our associates replies usually within a few hours/)).toBeTruthy();
  });

  it('keeps what the visitor typed into the server-drawn form before it was hydrated, and sends it', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 201, headers: { 'content-type': 'application/json' } }));
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<ContactForm vehicle={vehicle} />);
    // Typed while the page was only the server's drawing: the browser keeps it in the elements.
    const byName = (name: string) => container.querySelector(`[name="${name}"]`) as HTMLInputElement;
    byName('firstName').value = 'Ana';
    byName('email').value = 'ana@example.com';
    byName('tradeIn').checked = true;
    // Hydration gives a textarea back the server's text: what was typed there is known from the typing record.
    const message = container.querySelector('textarea[name="message"]') as HTMLTextAreaElement;
    message.value = 'Is the X5 still for sale?';
    message.dispatchEvent(new Event('input', { bubbles: true }));
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, <ContactForm vehicle={vehicle} />);
    });
    // A later keystroke redraws the form: the fields typed before hydration keep their text.
    fireEvent.change(screen.getByLabelText(/Last name/), { target: { value: 'Silva' } });
    expect(byName('firstName').value).toBe('Ana');
    expect(byName('email').value).toBe('ana@example.com');
    expect(message.value).toBe('Is the X5 still for sale?');
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ senderFirstName: 'Ana', senderLastName: 'Silva', senderEmail: 'ana@example.com', message: 'Is the X5 still for sale?', isTradeInInterest: true, isFinancingInterest: false });
    act(() => root?.unmount());
    container.remove();
  });

  it('lists exactly the blank required fields', () => {
    const values = { ...contactDefaults(vehicle), firstName: ' ', email: 'a@b.co', subject: '' };
    expect(missingContactFields(values)).toEqual(['firstName', 'lastName', 'subject']);
  });
});
