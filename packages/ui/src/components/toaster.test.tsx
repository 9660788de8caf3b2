import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../i18n/i18n-provider.tsx';
import { TOAST_DURATION_MS, Toaster, type ToastInput, useToast } from './toaster.tsx';

function Trigger({ input }: { input: ToastInput }) {
  const { toast } = useToast();
  return (
    <button type="button" onClick={() => toast(input)}>
      show
    </button>
  );
}

function renderToaster(input: ToastInput) {
  render(
    <I18nProvider>
      <Toaster>
        <Trigger input={input} />
      </Toaster>
    </I18nProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'show' }));
}

const REGION = { name: 'الإشعارات (F8)' };

describe('Toaster, before its view has loaded (the first toast of a page)', () => {
  it('keeps a toast raised before the view arrives, then shows it and announces it assertively if an error', async () => {
    renderToaster({ type: 'error', title: 'تعذّر الحفظ' });
    expect(screen.queryByText('تعذّر الحفظ')).toBeNull();

    expect(await screen.findByText('تعذّر الحفظ')).toBeTruthy();
    expect(screen.getByRole('region', REGION)).toBeTruthy();
    await waitFor(() => {
      const announced = screen.getAllByRole('status').filter((node) => node.textContent?.includes('تعذّر الحفظ'));
      expect(announced.map((node) => node.getAttribute('aria-live'))).toEqual(['assertive']);
    });
  });
});

describe('Toaster', () => {
  // The view is fetched once the page is idle, without a toast; from then on every toast renders at once.
  beforeAll(async () => {
    const { unmount } = render(
      <I18nProvider>
        <Toaster>page</Toaster>
      </I18nProvider>,
    );
    await screen.findByRole('region', REGION);
    unmount();
  });
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('closes a toast by itself after 4000 ms, not before', () => {
    renderToaster({ type: 'success', title: 'تم حفظ الملف الشخصي' });
    expect(TOAST_DURATION_MS).toBe(4000);
    expect(screen.getByText('تم حفظ الملف الشخصي')).toBeTruthy();

    act(() => {
      vi.advanceTimersByTime(3999);
    });
    expect(screen.queryByText('تم حفظ الملف الشخصي')).not.toBeNull();

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('تم حفظ الملف الشخصي')).toBeNull();
  });

  it('shows the title, description and actions, and closes by hand', () => {
    const onRetry = vi.fn();
    renderToaster({
      type: 'error',
      title: 'تعذّر الحفظ',
      description: 'حاول مرة أخرى',
      actions: [{ label: 'إعادة المحاولة', onClick: onRetry }],
    });
    expect(screen.getByText('حاول مرة أخرى')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(onRetry).toHaveBeenCalledOnce();

    renderAgainAndClose();
  });

  it('names the region and announces each toast in Arabic, the hotkey filled in', () => {
    renderToaster({ type: 'success', title: 'تم حفظ الملف الشخصي' });
    expect(screen.getByRole('region', REGION)).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    const announced = screen.getAllByRole('status').map((node) => node.textContent ?? '');
    expect(announced.some((text) => text.includes('تم حفظ الملف الشخصي'))).toBe(true);
    expect(announced.join(' ')).not.toMatch(/\{hotkey\}|Notification/);
  });
});

function renderAgainAndClose() {
  fireEvent.click(screen.getByRole('button', { name: 'show' }));
  const close = screen.getAllByRole('button', { name: 'إغلاق الإشعار' })[0];
  if (!close) throw new Error('no close button');
  fireEvent.click(close);
  act(() => {
    vi.advanceTimersByTime(500);
  });
  expect(screen.queryByText('تعذّر الحفظ')).toBeNull();
}
