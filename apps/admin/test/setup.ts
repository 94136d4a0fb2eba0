// jsdom lacks browser APIs that antd uses: media queries (responsive grid, Table) and ResizeObserver.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList,
});

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;

// rc-table measures the scrollbar through a pseudo-element's computed style, which jsdom does not implement.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

// antd renders a lot of CSS-in-JS on first use in jsdom: component tests get more than the default 5 s.
jest.setTimeout(30_000);

// jsdom lacks MessageChannel, which antd's Form (field watchers) and Select use to defer work to a later task.
class MessagePortStub {
  onmessage: ((event: { data: unknown }) => void) | null = null;
  other: MessagePortStub | null = null;
  postMessage(data: unknown): void {
    const target = this.other;
    setTimeout(() => target?.onmessage?.({ data }), 0);
  }
  start(): void {}
  close(): void {}
}
class MessageChannelStub {
  port1 = new MessagePortStub();
  port2 = new MessagePortStub();
  constructor() {
    this.port1.other = this.port2;
    this.port2.other = this.port1;
  }
}
if (typeof globalThis.MessageChannel === 'undefined') (globalThis as { MessageChannel: unknown }).MessageChannel = MessageChannelStub;
