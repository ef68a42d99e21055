import { vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest (uploads use it for their progress events). MSW answers every
 * `fetch`, but it cannot let a test say how much of an upload has gone out, so the upload tests keep
 * this small fake to drive the progress bar step by step. Each request waits
 * until the test answers it: `progress(share)`, then `respond(status, body)` or `fail()`.
 * `FakeXhr.onSend` may answer at once instead.
 */
export class FakeXhr {
  static requests: FakeXhr[] = [];
  static onSend: ((xhr: FakeXhr) => void) | null = null;

  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();

  static install() {
    FakeXhr.requests = [];
    FakeXhr.onSend = null;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  }

  /** The latest request, once it has been sent. */
  static async next(): Promise<FakeXhr> {
    return vi.waitFor(() => {
      const last = FakeXhr.requests.at(-1);
      if (!last) throw new Error('no request sent yet');
      return last;
    });
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }

  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }

  send(body: unknown) {
    this.body = body;
    FakeXhr.requests.push(this);
    FakeXhr.onSend?.(this);
  }

  abort() {
    this.events.dispatchEvent(new Event('abort'));
  }

  progress(share: number) {
    this.upload.dispatchEvent(
      new ProgressEvent('progress', { lengthComputable: true, loaded: share * 1000, total: 1000 }),
    );
  }

  respond(status: number, body?: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.events.dispatchEvent(new Event('load'));
  }

  fail() {
    this.events.dispatchEvent(new Event('error'));
  }

  /** The multipart form it sent, as plain fields (files by name). */
  get formFields(): Record<string, string> {
    const fields: Record<string, string> = {};
    if (this.body instanceof FormData) {
      this.body.forEach((value, name) => {
        fields[name] = typeof value === 'string' ? value : value.name;
      });
    }
    return fields;
  }
}
