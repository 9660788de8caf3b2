import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ar } from './ar.ts';
import { loadedCatalogue } from './catalogues.ts';
import { en } from './en.ts';
import { I18nProvider, useI18n } from './i18n-provider.tsx';
import { LOCALE_STORAGE_KEY } from './locales.ts';

function Probe() {
  const { t, locale, setLocale, errorMessage, format } = useI18n();
  return (
    <div>
      <p data-testid="text">{t('nav.login')}</p>
      <p data-testid="error">{errorMessage('wrong-password')}</p>
      <p data-testid="money">{format.piastres(12_500)}</p>
      <button type="button" onClick={() => setLocale(locale === 'ar' ? 'en' : 'ar')}>
        switch
      </button>
    </div>
  );
}

describe('I18nProvider', () => {
  it('starts in Arabic with dir=rtl and lang=ar on <html>', () => {
    render(
      <I18nProvider>
        <Probe />
      </I18nProvider>,
    );
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(screen.getByTestId('text').textContent).toBe('تسجيل الدخول');
    expect(screen.getByTestId('error').textContent).toBe('البريد الإلكتروني أو كلمة المرور غير صحيحة.');
    expect(screen.getByTestId('money').textContent).toContain('١٢٥');
  });

  it('leaves <html> untouched when it has the language already (a page the server rendered)', async () => {
    document.documentElement.dir = 'rtl';
    document.documentElement.lang = 'ar';
    const written: string[] = [];
    const observer = new MutationObserver((records) => written.push(...records.map((r) => r.attributeName ?? '')));
    observer.observe(document.documentElement, { attributes: true });
    render(
      <I18nProvider>
        <Probe />
      </I18nProvider>,
    );
    await act(async () => {});
    observer.disconnect();
    // even the same value written again restyles the whole page
    expect(written).toEqual([]);
  });

  it('fetches English when asked, switches to it (ltr), persists the choice and restores it', async () => {
    const { unmount } = render(
      <I18nProvider>
        <Probe />
      </I18nProvider>,
    );
    expect(loadedCatalogue('en')).toBeUndefined();
    act(() => screen.getByRole('button', { name: 'switch' }).click());
    // Arabic stays on screen until the English chunk has arrived
    expect(screen.getByTestId('text').textContent).toBe('تسجيل الدخول');
    await waitFor(() => expect(document.documentElement.dir).toBe('ltr'));
    expect(loadedCatalogue('en')).toMatchObject(en);
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByTestId('text').textContent).toBe('Sign in');
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en');
    unmount();

    render(
      <I18nProvider>
        <Probe />
      </I18nProvider>,
    );
    expect(document.documentElement.dir).toBe('ltr');
    act(() => screen.getByRole('button', { name: 'switch' }).click());
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('has an English text for every Arabic key', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(ar).sort());
    for (const value of Object.values(en)) {
      for (const text of typeof value === 'string' ? [value] : Object.values(value)) expect(text.trim()).not.toBe('');
    }
  });
});
