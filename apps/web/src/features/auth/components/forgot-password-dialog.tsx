import { Button, Dialog, useToast } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { useState } from 'react';
import { PasswordResetFlow } from './password-reset-flow.tsx';

/** The forgot-password dialog of spec §2 (e-mail → 5-digit code → new password), opened from the login form. */
export function ForgotPasswordDialog() {
  const t = useT();
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t('auth.reset.title')}
      trigger={
        <Button variant="link" size="sm">
          {t('auth.login.forgot')}
        </Button>
      }
    >
      {open && (
        <PasswordResetFlow
          onDone={() => {
            setOpen(false);
            toast({ type: 'success', title: t('auth.reset.success') });
          }}
        />
      )}
    </Dialog>
  );
}
