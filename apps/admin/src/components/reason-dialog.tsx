import { errorCodeOf, fieldErrorsOf } from '@darsak/client';
import { AuditReason } from '@darsak/domain/audit';
import { Button, Dialog, DialogClose, FormError, TextareaField } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { type FormEvent, type ReactNode, useState } from 'react';

export interface ReasonDialogProps {
  trigger: ReactNode;
  title: string;
  description: string;
  confirm: string;
  /** Fields asked for besides the reason (a role, an amount); checked by the caller in `onConfirm`. */
  children?: ReactNode;
  /** Destructive actions show a red button. */
  danger?: boolean;
  /** Where the reason goes, when not only to the audit log (a rejection's reason reaches the applicant). */
  reasonHint?: string;
  /** The reason's rule, when the call asks another than the audit log's. */
  reasonSchema?: typeof AuditReason;
  /** Runs the action with the reason; resolves when done (the dialog closes), rejects to show the error. */
  onConfirm: (reason: string) => Promise<unknown>;
}

/** A staff action confirmed with the reason it is taken (kept in the audit log). */
export function ReasonDialog({
  trigger,
  title,
  description,
  confirm,
  children,
  danger,
  reasonHint,
  reasonSchema = AuditReason,
  onConfirm,
}: ReasonDialogProps) {
  const { t, fieldMessage, errorMessage } = useI18n();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reasonSchema.safeParse(reason);
    if (!parsed.success) return setFieldError(fieldMessage(parsed.error.issues[0]?.message));
    setBusy(true);
    setError(undefined);
    onConfirm(parsed.data)
      .then(() => {
        setOpen(false);
        setReason('');
      })
      .catch((failure: unknown) => {
        const fields = fieldErrorsOf(failure);
        if (fields.reason?.[0]) setFieldError(fieldMessage(fields.reason[0]));
        else setError(errorMessage(errorCodeOf(failure)));
      })
      .finally(() => setBusy(false));
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(undefined);
        setFieldError(undefined);
      }}
      size="md"
      title={title}
      description={description}
      trigger={trigger}
    >
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <FormError message={error} />
        {children}
        <TextareaField
          label={t('staff.reason')}
          hint={reasonHint ?? t('staff.reasonHint')}
          required
          rows={3}
          value={reason}
          error={fieldError}
          onChange={(event) => {
            setReason(event.target.value);
            setFieldError(undefined);
          }}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={busy}>
            {confirm}
          </Button>
          <DialogClose asChild>
            <Button variant="secondary">{t('common.cancel')}</Button>
          </DialogClose>
        </div>
      </form>
    </Dialog>
  );
}
