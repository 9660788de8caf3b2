import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../i18n/i18n-provider.tsx';
import { Dialog, DialogClose } from './dialog.tsx';

function renderDialog() {
  render(
    <I18nProvider>
      <Dialog title="إلغاء الدفع" trigger={<button type="button">إلغاء</button>}>
        <DialogClose asChild>
          <button type="button">ليس الآن</button>
        </DialogClose>
      </Dialog>
    </I18nProvider>,
  );
  return screen.getByRole('button', { name: 'إلغاء' });
}

describe('Dialog, whose view loads on the first opening', () => {
  it('renders its trigger at once with the dialog’s state, and the dialog on the click', async () => {
    const trigger = renderDialog();
    expect(trigger.getAttribute('aria-haspopup')).toBe('dialog');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'إلغاء الدفع' });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(trigger.getAttribute('aria-controls')).toBe(dialog.id);
  });

  it('closes from a DialogClose inside it and gives the focus back to the trigger', async () => {
    const trigger = renderDialog();
    trigger.focus();
    fireEvent.click(trigger);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'ليس الآن' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(trigger));

    fireEvent.click(trigger);
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });
});
