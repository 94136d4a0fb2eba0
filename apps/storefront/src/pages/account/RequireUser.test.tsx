import { useToastStore } from '../../stores/toast';
import { redirectAfterToast, UNAUTHORIZED_REDIRECT_MS } from './RequireUser';

describe('redirectAfterToast', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows the toast at once and sends the visitor on UNAUTHORIZED_REDIRECT_MS after the browser painted it, not before', () => {
    const go = jest.fn();
    redirectAfterToast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...' }, '/api/login?returnTo=%2Fdashboard', go);
    expect(useToastStore.getState().current).toMatchObject({ description: 'You are logged out. Logging in again...', variant: 'destructive' });
    // The frame that paints the toast (jsdom's requestAnimationFrame runs on timers), then the task after it.
    jest.advanceTimersByTime(17);
    jest.advanceTimersByTime(UNAUTHORIZED_REDIRECT_MS - 1);
    expect(go).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(go).toHaveBeenCalledWith('/api/login?returnTo=%2Fdashboard');
    expect(go).toHaveBeenCalledTimes(1);
  });

  it('sends no one anywhere once called off, before or after the paint', () => {
    const early = jest.fn();
    const late = jest.fn();
    const callOffEarly = redirectAfterToast({ title: 'Unauthorized' }, '/a', early);
    const callOffLate = redirectAfterToast({ title: 'Unauthorized' }, '/b', late);
    callOffEarly();
    jest.advanceTimersByTime(20);
    callOffLate();
    jest.advanceTimersByTime(10 * UNAUTHORIZED_REDIRECT_MS);
    expect(early).not.toHaveBeenCalled();
    expect(late).not.toHaveBeenCalled();
  });
});
