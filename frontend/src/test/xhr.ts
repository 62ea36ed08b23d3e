import { vi } from 'vitest';

/**
 * A fake XMLHttpRequest at the network boundary, for the one upload that needs XHR's upload progress
 * (features/admin-releases). Like mockFetch (fetch.ts): the handler answers each request; it may report
 * upload progress first and wait (a promise) before answering, so a test can look at the page mid-upload.
 */
export interface XhrCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  withCredentials: boolean;
  body: unknown;
}

export interface XhrAnswer {
  status: number;
  body?: unknown;
  statusText?: string;
}

/** The answer, or 'network-error' for a request that got none (onerror). */
export type XhrHandler = (
  call: XhrCall,
  reportProgress: (loaded: number, total: number) => void,
) => XhrAnswer | 'network-error' | Promise<XhrAnswer | 'network-error'>;

export const jsonAnswer = (body: unknown, status = 200): XhrAnswer => ({ status, body });

type Listener = ((event: ProgressEvent) => void) | null;

export function mockXhr(handler: XhrHandler) {
  const calls: XhrCall[] = [];

  class FakeXMLHttpRequest {
    upload: { onprogress: Listener } = { onprogress: null };
    onload: Listener = null;
    onerror: Listener = null;
    onabort: Listener = null;
    withCredentials = false;
    status = 0;
    statusText = '';
    responseText = '';
    readyState = 0;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    private responseHeaders: Record<string, string> = {};
    private finished = false;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
      this.readyState = 1;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }

    getResponseHeader(name: string): string | null {
      return this.responseHeaders[name.toLowerCase()] ?? null;
    }

    send(body: unknown) {
      const call: XhrCall = {
        method: this.method,
        url: this.url,
        headers: { ...this.headers },
        withCredentials: this.withCredentials,
        body,
      };
      calls.push(call);
      const report = (loaded: number, total: number) => {
        if (!this.finished)
          this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
      };
      void Promise.resolve()
        .then(() => handler(call, report))
        .then((answer) => {
          if (this.finished) return;
          this.finished = true;
          this.readyState = 4;
          if (answer === 'network-error') {
            this.onerror?.({} as ProgressEvent);
            return;
          }
          this.status = answer.status;
          this.statusText = answer.statusText ?? '';
          if (answer.body !== undefined) {
            this.responseText =
              typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
            this.responseHeaders['content-type'] =
              typeof answer.body === 'string' ? 'text/plain' : 'application/json; charset=utf-8';
          }
          this.onload?.({} as ProgressEvent);
        });
    }

    abort() {
      if (this.finished) return;
      this.finished = true;
      this.readyState = 4;
      this.onabort?.({} as ProgressEvent);
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
  return { calls };
}
