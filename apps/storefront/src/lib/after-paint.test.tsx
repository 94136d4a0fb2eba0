import { afterLoadAndPaint, afterPaint } from './after-paint';

describe('after paint', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    Object.defineProperty(document, 'readyState', { value: 'complete', configurable: true });
  });

  it('runs once, in the task after the next frame', () => {
    const run = jest.fn();
    afterPaint(run);
    expect(run).not.toHaveBeenCalled();
    jest.advanceTimersByTime(16); // the frame (jsdom's requestAnimationFrame runs on timers)
    jest.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(200);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("waits for the page's load event, or at most a while when a photo holds it back", () => {
    Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
    const loaded = jest.fn();
    afterLoadAndPaint(loaded, 5000);
    jest.advanceTimersByTime(1000);
    expect(loaded).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    jest.advanceTimersByTime(120);
    expect(loaded).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(5000);
    expect(loaded).toHaveBeenCalledTimes(1);

    const held = jest.fn();
    afterLoadAndPaint(held, 5000);
    jest.advanceTimersByTime(4999);
    expect(held).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(held).toHaveBeenCalledTimes(1);
  });
});
