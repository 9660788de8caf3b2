import { vi } from 'vitest';

/**
 * Catches the files the page downloads (jsdom has no object URLs and follows no links): `lastText()` reads the
 * newest one. Undone by `vi.unstubAllGlobals()` and `restore()`.
 */
export function captureDownloads() {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:download');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return {
    clicked: () => click.mock.calls.length > 0,
    lastText: () => {
      const [blob] = createObjectURL.mock.calls.at(-1) ?? [];
      if (!blob) throw new Error('nothing was downloaded');
      return blob.text();
    },
    restore: () => click.mockRestore(),
  };
}
