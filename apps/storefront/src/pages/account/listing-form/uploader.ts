import { UPLOAD_FIELD, type PublicConfig, type UploadedImage } from '@app/shared';

/**
 * Photo uploads of the listing form (SPEC.md sections 7 and 8): one XMLHttpRequest per file (for upload
 * progress events), a 30 s time-out, and two strategies chosen by GET /api/config `imageUpload`:
 * - local: multipart `file` to the API's POST /api/uploads (cookies sent), answer `UploadedImage`;
 * - hosted: multipart `file`, `upload_preset`, `folder` to the image service, trying the presets in order and
 *   moving on only when the service says the preset is not found.
 */
export const UPLOAD_TIMEOUT_MS = 30_000;

export const UPLOAD_MESSAGES = {
  timeout: 'Upload timed out. Please check your connection and try again.',
  noUrl: 'Upload successful but no URL returned',
  noPreset: 'No valid upload preset found. Please contact support for assistance.',
  permission: 'Permission denied',
  connection: 'Connection issue',
} as const;

export type UploadFailureKind = 'timeout' | 'connection' | 'permission' | 'no-url' | 'no-preset' | 'rejected';

export class UploadError extends Error {
  constructor(
    readonly kind: UploadFailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export type ProgressListener = (fraction: number) => void;

/** Uploads one file and answers the URL to store in the listing's `images`. */
export type UploadStrategy = (file: File, onProgress: ProgressListener) => Promise<string>;

interface XhrAnswer {
  status: number;
  body: unknown;
}

interface SendOptions {
  url: string;
  fields: Array<[string, string | Blob]>;
  withCredentials: boolean;
  onProgress: ProgressListener;
  timeoutMs?: number;
}

/** One multipart POST with progress events and a time-out; resolves with any HTTP answer, rejects on transport failure. */
export function sendMultipart({ url, fields, withCredentials, onProgress, timeoutMs = UPLOAD_TIMEOUT_MS }: SendOptions): Promise<XhrAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const form = new FormData();
    for (const [name, value] of fields) form.append(name, value);
    xhr.open('POST', url);
    xhr.withCredentials = withCredentials;
    xhr.timeout = timeoutMs;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) onProgress(1);
      resolve({ status: xhr.status, body });
    };
    xhr.ontimeout = () => reject(new UploadError('timeout', UPLOAD_MESSAGES.timeout));
    xhr.onerror = () => reject(new UploadError('connection', UPLOAD_MESSAGES.connection));
    xhr.onabort = () => reject(new UploadError('connection', UPLOAD_MESSAGES.connection));
    xhr.send(form);
  });
}

/** The readable message of a refused upload: the API's `message`, a hosted service's `error.message`, or the status. */
function answerMessage(answer: XhrAnswer): string {
  const body = answer.body;
  if (body && typeof body === 'object') {
    const record = body as { message?: unknown; error?: { message?: unknown } | string };
    if (typeof record.message === 'string') return record.message;
    if (typeof record.error === 'string') return record.error;
    if (record.error && typeof record.error.message === 'string') return record.error.message;
  }
  if (typeof body === 'string' && body !== '') return `${answer.status}: ${body}`;
  return `Upload failed (${answer.status})`;
}

function secureUrl(body: unknown): string {
  const url = body && typeof body === 'object' ? (body as Partial<UploadedImage>).secure_url : undefined;
  if (typeof url !== 'string' || url === '') throw new UploadError('no-url', UPLOAD_MESSAGES.noUrl);
  return url;
}

/**
 * A file the browser may not read (a folder the site was not given access to, a file moved since it was
 * chosen) fails here, before any request, so the form can show its "Upload Issue" advice.
 */
function assertReadable(file: Blob): Promise<void> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    const denied = () => reject(new UploadError('permission', UPLOAD_MESSAGES.permission));
    reader.onload = () => resolve();
    reader.onerror = denied;
    try {
      reader.readAsArrayBuffer(file.slice(0, 1));
    } catch {
      denied();
    }
  });
}

export function localStrategy(url: string): UploadStrategy {
  return async (file, onProgress) => {
    await assertReadable(file);
    const answer = await sendMultipart({ url, fields: [[UPLOAD_FIELD, file]], withCredentials: true, onProgress });
    if (answer.status < 200 || answer.status >= 300) throw new UploadError('rejected', answerMessage(answer));
    return secureUrl(answer.body);
  };
}

const PRESET_NOT_FOUND = /preset.*not found|not found.*preset/i;

export function hostedStrategy(url: string, presets: readonly string[], folder: string): UploadStrategy {
  return async (file, onProgress) => {
    await assertReadable(file);
    for (const preset of presets) {
      const fields: Array<[string, string | Blob]> = [
        ['file', file],
        ['upload_preset', preset],
      ];
      if (folder) fields.push(['folder', folder]);
      const answer = await sendMultipart({ url, fields, withCredentials: false, onProgress });
      if (answer.status >= 200 && answer.status < 300) return secureUrl(answer.body);
      const message = answerMessage(answer);
      if (!PRESET_NOT_FOUND.test(message)) throw new UploadError('rejected', message);
      onProgress(0);
    }
    throw new UploadError('no-preset', UPLOAD_MESSAGES.noPreset);
  };
}

export function uploadStrategyFor(config: PublicConfig['imageUpload']): UploadStrategy {
  return config.provider === 'hosted' ? hostedStrategy(config.url, config.presets, config.folder) : localStrategy(config.url);
}

/** The reason shown for one failed file in the 'Upload Error' toast. */
export function failureReason(error: unknown): string {
  if (error instanceof UploadError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return UPLOAD_MESSAGES.connection;
}
