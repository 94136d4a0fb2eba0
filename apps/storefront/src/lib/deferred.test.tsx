import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { deferred, preloadDeferred } from './deferred';

/** The part: a counter, so that a test can tell a hydrated part (it counts) from the server's drawing (it does not). */
function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((c) => c + 1)}>
      {label} {count}
    </button>
  );
}

/** An IntersectionObserver whose entries the test sends: the elements observed, and who observes them. */
class TestObserver {
  static all: TestObserver[] = [];
  readonly elements: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    TestObserver.all.push(this);
  }
  observe(element: Element) {
    this.elements.push(element);
  }
  disconnect() {
    this.elements.length = 0;
  }
  /** Tells the observer its elements came into view. */
  enter() {
    const entries = this.elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

function page(Part: ReturnType<typeof deferred<{ label: string }>>) {
  return (
    <MemoryRouter>
      <p>Above</p>
      <Part label="Clicks" />
    </MemoryRouter>
  );
}

/**
 * The counter part as the server draws it, hydrated in the document by a fresh copy of the part whose module has not
 * arrived (the server's module is the same one here: loaded for the server, then forgotten). `loads()`: how often
 * the fresh copy asked for its module.
 */
async function hydratedServerDrawing(): Promise<{ container: HTMLElement; loads: () => number }> {
  const Part = deferred(async () => ({ default: Counter }));
  await preloadDeferred();
  const html = renderToString(page(Part));
  let loads = 0;
  const FreshPart = deferred(async () => {
    loads += 1;
    return { default: Counter };
  });
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  await act(async () => {
    hydrateRoot(container, page(FreshPart));
  });
  return { container, loads: () => loads };
}

describe('deferred', () => {
  const original = globalThis.IntersectionObserver;
  beforeEach(() => {
    TestObserver.all = [];
    globalThis.IntersectionObserver = TestObserver as unknown as typeof IntersectionObserver;
  });
  afterEach(() => {
    globalThis.IntersectionObserver = original;
  });

  it('is drawn by the server, once preloaded, inside a Suspense boundary', async () => {
    const load = jest.fn(async () => ({ default: Counter }));
    const Part = deferred(load);
    await preloadDeferred();
    const html = renderToString(page(Part));
    expect(html).toMatch(/<template data-deferred="[^"]+"><\/template><!--\$--><button type="button">Clicks(<!-- -->| )+0<\/button><!--\/\$-->/);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads at once when the browser draws it itself', async () => {
    const load = jest.fn(async () => ({ default: Counter }));
    const Part = deferred(load);
    render(page(Part));
    expect((await screen.findByRole('button', { name: 'Clicks 0' })).textContent).toBe('Clicks 0');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("keeps the server's drawing and loads its module only once it comes into view, then takes it over", async () => {
    const { container, loads } = await hydratedServerDrawing();
    const button = screen.getByRole('button', { name: 'Clicks 0' });
    expect(loads()).toBe(0);
    // Not hydrated: a click does not count.
    await act(async () => button.click());
    expect(button.textContent).toBe('Clicks 0');

    const observer = TestObserver.all.find((o) => o.elements.includes(button));
    expect(observer).toBeDefined();
    await act(async () => observer?.enter());
    expect(loads()).toBe(1);
    await act(async () => screen.getByRole('button', { name: 'Clicks 0' }).click());
    expect(screen.getByRole('button', { name: 'Clicks 1' })).toBe(button);
    container.remove();
  });

  it('loads its module as soon as the visitor presses something in the server\'s drawing, out of view', async () => {
    const { container, loads } = await hydratedServerDrawing();
    const button = screen.getByRole('button', { name: 'Clicks 0' });
    expect(loads()).toBe(0);
    // React's root hears the press first and stops it there (the part is not hydrated): the part still hears of it.
    await act(async () => button.dispatchEvent(new Event('pointerdown', { bubbles: true })));
    expect(loads()).toBe(1);
    await act(async () => new Promise((r) => setTimeout(r, 10)));
    await act(async () => screen.getByRole('button', { name: 'Clicks 0' }).click());
    expect(screen.getByRole('button', { name: 'Clicks 1' })).toBe(button);
    container.remove();
  });

  it("holds back a submit of the server's drawing of a form until the part is taken over, then submits it as React's", async () => {
    const sent: string[] = [];
    function Form() {
      return (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            sent.push(new FormData(event.currentTarget).get('email') as string);
          }}
        >
          <input name="email" defaultValue="" aria-label="E-mail" />
          <button type="submit">Send</button>
        </form>
      );
    }
    const FormPart = deferred(async () => ({ default: Form }));
    await preloadDeferred();
    const html = renderToString(
      <MemoryRouter>
        <FormPart />
      </MemoryRouter>,
    );
    let arrive: (module: { default: typeof Form }) => void = () => undefined;
    const FreshPart = deferred(() => new Promise<{ default: typeof Form }>((resolve) => (arrive = resolve)));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    await act(async () => {
      hydrateRoot(
        container,
        <MemoryRouter>
          <FreshPart />
        </MemoryRouter>,
      );
    });
    const form = container.querySelector('form')!;
    (screen.getByLabelText('E-mail') as HTMLInputElement).value = 'buyer@example.com';
    // Pressing Send asks for the part; its module has not arrived: the browser must not send the form itself.
    const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: screen.getByRole('button', { name: 'Send' }) });
    await act(async () => form.dispatchEvent(submit));
    expect(submit.defaultPrevented).toBe(true);
    expect(sent).toEqual([]);
    await act(async () => arrive({ default: Form }));
    await act(async () => new Promise((r) => setTimeout(r, 10)));
    expect(sent).toEqual(['buyer@example.com']);
    // Taken over: the next submit is React's alone, once.
    await act(async () => screen.getByRole('button', { name: 'Send' }).click());
    expect(sent).toEqual(['buyer@example.com', 'buyer@example.com']);
    container.remove();
  });

  it('asks again for a module that failed to arrive, the next time the part is drawn', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: Counter });
    const Part = deferred<{ label: string }>(load);
    await expect(preloadDeferred()).rejects.toThrow('offline');
    render(page(Part));
    expect(await screen.findByRole('button', { name: 'Clicks 0' })).toBeDefined();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
