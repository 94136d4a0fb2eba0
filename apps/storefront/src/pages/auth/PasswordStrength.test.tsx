import { render, screen, waitFor } from '@testing-library/react';
import { PasswordStrength, usePasswordVerdict } from './PasswordStrength';

function Harness({ password, firstName }: { password: string; firstName?: string }) {
  const verdict = usePasswordVerdict(password, { firstName, siteName: 'AutoTrust Motors' });
  return <PasswordStrength id="strength" verdict={verdict} />;
}

describe('the Create Account strength meter', () => {
  it('says why a common password is refused, by the rule the API applies', async () => {
    render(<Harness password="qwerty123" />);
    await waitFor(() => expect(screen.getByText(/choose a less common password$/)).toBeTruthy(), { timeout: 15_000 });
    expect(document.querySelector('.password-strength')?.getAttribute('data-level')).toBe('1');
  });

  it("refuses the person's own name and the site's name", async () => {
    const { rerender } = render(<Harness password="bartholomew1" firstName="Bartholomew" />);
    await waitFor(() => expect(screen.getByText(/choose a less common password$/)).toBeTruthy(), { timeout: 15_000 });
    rerender(<Harness password="autotrustmotors" />);
    await waitFor(() => expect(screen.getByText(/choose a less common password$/)).toBeTruthy(), { timeout: 15_000 });
  });

  it('fills the meter for a strong password, and is empty before typing', async () => {
    const { rerender } = render(<Harness password="" />);
    expect(screen.getByText('', { selector: '#strength' }).textContent).toBe('');
    rerender(<Harness password="correct-horse-battery" />);
    await waitFor(() => expect(screen.getByText(/^Very strong/)).toBeTruthy(), { timeout: 15_000 });
    expect(document.querySelectorAll('.password-meter .on')).toHaveLength(4);
  });
});
