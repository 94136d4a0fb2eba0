import { hostedStrategy, localStrategy, UPLOAD_MESSAGES, UPLOAD_TIMEOUT_MS, UploadError } from './uploader';

/** A stand-in for XMLHttpRequest: records each request; the test answers it. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  withCredentials = false;
  timeout = 0;
  status = 0;
  responseText = '';
  body: FormData | null = null;
  headers: Record<string, string> = {};
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const realXhr = window.XMLHttpRequest;
beforeEach(() => {
  FakeXhr.sent = [];
  (window as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
});
afterAll(() => {
  window.XMLHttpRequest = realXhr;
});

const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'car.jpg', { type: 'image/jpeg' });

/** Waits until the strategy has sent its next request (it first checks that the file is readable). */
async function nextRequest(count: number): Promise<FakeXhr> {
  for (let i = 0; i < 50 && FakeXhr.sent.length < count; i++) await new Promise((r) => setTimeout(r, 0));
  const xhr = FakeXhr.sent[count - 1];
  if (!xhr) throw new Error(`request ${count} was not sent`);
  return xhr;
}

describe('localStrategy', () => {
  it('posts the file as multipart "file" with cookies and a 30 s time-out, reports progress, answers secure_url', async () => {
    const progress: number[] = [];
    const upload = localStrategy('/api/uploads')(photo(), (f) => progress.push(f));
    const xhr = await nextRequest(1);
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/uploads');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.timeout).toBe(UPLOAD_TIMEOUT_MS);
    expect((xhr.body?.get('file') as File).name).toBe('car.jpg');
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    xhr.answer(201, { secure_url: '/uploads/2026/abc.webp', card_url: '/uploads/2026/abc-card.webp', width: 4, height: 3, format: 'webp', bytes: 10 });
    await expect(upload).resolves.toBe('/uploads/2026/abc.webp');
    expect(progress).toEqual([0.5, 1]);
  });

  it("rejects with the API's message on 413", async () => {
    const upload = localStrategy('/api/uploads')(photo(), () => undefined);
    (await nextRequest(1)).answer(413, { statusCode: 413, message: 'File size must be less than 10MB' });
    await expect(upload).rejects.toThrow('File size must be less than 10MB');
  });

  it('rejects with the time-out message when the request times out', async () => {
    const upload = localStrategy('/api/uploads')(photo(), () => undefined);
    (await nextRequest(1)).ontimeout?.();
    await expect(upload).rejects.toThrow(UPLOAD_MESSAGES.timeout);
  });

  it('rejects when the answer carries no URL', async () => {
    const upload = localStrategy('/api/uploads')(photo(), () => undefined);
    (await nextRequest(1)).answer(201, {});
    await expect(upload).rejects.toThrow(UPLOAD_MESSAGES.noUrl);
  });

  it('rejects with "Permission denied" when the browser cannot read the file', async () => {
    const unreadable = photo();
    unreadable.slice = () => {
      throw new DOMException('denied', 'NotReadableError');
    };
    const error = await localStrategy('/api/uploads')(unreadable, () => undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect((error as UploadError).kind).toBe('permission');
    expect(FakeXhr.sent).toHaveLength(0);
  });
});

describe('hostedStrategy', () => {
  const url = 'https://images.example.com/v1_1/demo/image/upload';

  it('moves on to the next preset only when the preset is not found', async () => {
    const upload = hostedStrategy(url, ['cars', 'vehicles'], 'listings')(photo(), () => undefined);
    const first = await nextRequest(1);
    expect(first.url).toBe(url);
    expect(first.withCredentials).toBe(false);
    expect(first.body?.get('upload_preset')).toBe('cars');
    expect(first.body?.get('folder')).toBe('listings');
    first.answer(400, { error: { message: 'Upload preset not found' } });
    const second = await nextRequest(2);
    expect(second.body?.get('upload_preset')).toBe('vehicles');
    second.answer(200, { secure_url: 'https://cdn.example.com/demo/listings/car.jpg' });
    await expect(upload).resolves.toBe('https://cdn.example.com/demo/listings/car.jpg');
  });

  it('stops at another error without trying the next preset', async () => {
    const upload = hostedStrategy(url, ['cars', 'vehicles'], 'listings')(photo(), () => undefined);
    (await nextRequest(1)).answer(400, { error: { message: 'Invalid image file' } });
    await expect(upload).rejects.toThrow('Invalid image file');
    expect(FakeXhr.sent).toHaveLength(1);
  });

  it('answers "No valid upload preset found" when no preset exists', async () => {
    const upload = hostedStrategy(url, ['cars', 'vehicles'], '')(photo(), () => undefined);
    (await nextRequest(1)).answer(400, { error: { message: 'Upload preset not found' } });
    (await nextRequest(2)).answer(400, { error: { message: 'Upload preset not found' } });
    await expect(upload).rejects.toThrow(UPLOAD_MESSAGES.noPreset);
  });
});
