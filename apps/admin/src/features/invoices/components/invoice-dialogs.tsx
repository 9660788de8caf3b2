import { errorCodeOf } from '@darsak/client';
import {
  INVOICE_NOTE_MAX_LENGTH,
  type Invoice,
  type InvoiceActionInput,
  InvoiceNote,
  withdrawDestination,
} from '@darsak/domain/invoices';
import { Button, Dialog, DialogClose, Form, FormActions, FormError, TextareaField, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useFulfil, useInvoiceAction, useInvoiceNote } from '../hooks/use-invoices-queue.ts';

type Decision = 'approveUpdate' | 'approveCancel' | 'adminCancel' | 'reject';

/** Approvals grant what the tutor asked; the other decisions refuse it. */
export const isApproval = (decision: Decision): boolean => decision === 'approveUpdate' || decision === 'approveCancel';

/** What the admin confirms: for an update, the values the request will take. */
function useConfirmText(invoice: Invoice, decision: Decision): string {
  const { t, format } = useI18n();
  const update = invoice.pendingUpdate;
  if (decision !== 'approveUpdate' || !update) return t(`invoices.admin.confirm.${decision}`, { id: invoice.id });
  return t('invoices.admin.confirm.approveUpdate', {
    id: invoice.id,
    amount: format.piastres(update.amountPiastres),
    current: format.piastres(invoice.amountPiastres),
    method: t(`invoices.method.${update.method}`),
    destination: withdrawDestination(update),
  });
}

/** The action's body: approving an update names the proposal shown, so one changed since is not approved. */
function actionOf(invoice: Invoice, decision: Decision, note: string | undefined): InvoiceActionInput | null {
  const withNote = note ? { note } : {};
  switch (decision) {
    case 'reject':
      return note ? { action: decision, note } : null;
    case 'approveUpdate':
      return invoice.pendingUpdate ? { action: decision, update: invoice.pendingUpdate, ...withNote } : null;
    default:
      return { action: decision, ...withNote };
  }
}

/** The toast after a decision, and the dialog closed; an error keeps it open with the reason. */
function useOutcome(invoice: Invoice, close: () => void) {
  const { t } = useI18n();
  const { toast } = useToast();
  return () => {
    close();
    toast({ type: 'success', title: t('invoices.admin.done', { id: invoice.id }) });
  };
}

/**
 * Approve the tutor's update or cancellation, cancel, or reject (a note required): confirmed in a dialog naming the
 * request (and, for an update, the values it takes).
 */
export function DecisionDialog({
  invoice,
  decision,
  trigger,
}: {
  invoice: Invoice;
  decision: Decision;
  trigger: ReactNode;
}) {
  const { t, fieldMessage, errorMessage } = useI18n();
  const act = useInvoiceAction();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string>();
  const done = useOutcome(invoice, () => setOpen(false));
  const description = useConfirmText(invoice, decision);
  const required = decision === 'reject';

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = note.trim() === '' ? null : InvoiceNote.safeParse(note);
    if (parsed && !parsed.success) return setNoteError(parsed.error.issues[0]?.message);
    const body = actionOf(invoice, decision, parsed?.data);
    if (!body) return setNoteError('required');
    act.mutate({ id: invoice.id, body }, { onSuccess: done });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setNote('');
        setNoteError(undefined);
        act.reset();
      }}
      size="sm"
      title={t(`invoices.admin.${decision}`)}
      description={description}
      trigger={trigger}
    >
      <Form onSubmit={submit}>
        <TextareaField
          label={t(required ? 'invoices.admin.noteField' : 'invoices.admin.optionalNote')}
          value={note}
          maxLength={INVOICE_NOTE_MAX_LENGTH}
          onChange={(event) => setNote(event.target.value)}
          error={fieldMessage(noteError)}
          required={required}
        />
        <FormError message={act.error ? errorMessage(errorCodeOf(act.error)) : undefined} />
        <FormActions>
          <Button type="submit" variant={isApproval(decision) ? 'primary' : 'danger'} loading={act.isPending}>
            {t('invoices.admin.confirmAction')}
          </Button>
          <DialogClose asChild>
            <Button variant="secondary">{t('common.cancel')}</Button>
          </DialogClose>
        </FormActions>
      </Form>
    </Dialog>
  );
}

/** The receipt-upload dialog: an image, its upload progress, then the request is marked fulfilled. */
export function FulfilDialog({ invoice, trigger }: { invoice: Invoice; trigger: ReactNode }) {
  const { t, format, errorMessage, fieldMessage } = useI18n();
  const fulfil = useFulfil();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [fileError, setFileError] = useState<string>();
  const done = useOutcome(invoice, () => setOpen(false));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return setFileError('required');
    setProgress(0);
    fulfil.mutate({ id: invoice.id, file, onProgress: setProgress }, { onSuccess: done });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setFile(null);
        setFileError(undefined);
        setProgress(0);
        fulfil.reset();
      }}
      size="sm"
      title={t('invoices.admin.fulfil')}
      description={t('invoices.admin.confirm.fulfil', {
        id: invoice.id,
        amount: format.piastres(invoice.amountPiastres),
      })}
      trigger={trigger}
    >
      <Form onSubmit={submit}>
        <label className="flex flex-col gap-1 text-sm font-semibold text-ink">
          {t('invoices.admin.receiptField')}
          <input
            type="file"
            name="receipt"
            accept="image/jpeg,image/png,image/gif"
            required
            aria-invalid={fileError ? true : undefined}
            className="text-sm font-normal file:me-3 file:rounded-lg file:border file:border-line file:bg-surface file:px-3 file:py-1.5"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setFileError(undefined);
            }}
          />
        </label>
        {fileError && (
          <p role="alert" className="text-sm text-red-700">
            {fieldMessage(fileError)}
          </p>
        )}
        {fulfil.isPending && (
          <div className="flex flex-col gap-1">
            <progress
              value={progress}
              max={1}
              className="w-full accent-primary-600"
              aria-label={t('invoices.admin.fulfil')}
            />
            <span className="text-xs text-muted" aria-live="polite">
              {t('invoices.admin.uploading', { percent: format.number(progress, { style: 'percent' }) })}
            </span>
          </div>
        )}
        <FormError message={fulfil.error ? errorMessage(errorCodeOf(fulfil.error)) : undefined} />
        <FormActions>
          <Button type="submit" loading={fulfil.isPending}>
            {t('invoices.admin.confirmAction')}
          </Button>
          <DialogClose asChild>
            <Button variant="secondary">{t('common.cancel')}</Button>
          </DialogClose>
        </FormActions>
      </Form>
    </Dialog>
  );
}

/** Edit or remove the note the tutor reads; saved only on confirmation. */
export function NoteDialog({ invoice, trigger }: { invoice: Invoice; trigger: ReactNode }) {
  const { t, fieldMessage, errorMessage } = useI18n();
  const save = useInvoiceNote();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState(invoice.adminNote ?? '');
  const [noteError, setNoteError] = useState<string>();
  const done = useOutcome(invoice, () => setOpen(false));

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = InvoiceNote.safeParse(note);
    if (!parsed.success) return setNoteError(parsed.error.issues[0]?.message);
    save.mutate({ id: invoice.id, note: parsed.data }, { onSuccess: done });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setNote(invoice.adminNote ?? '');
        setNoteError(undefined);
        save.reset();
      }}
      size="sm"
      title={t('invoices.admin.note')}
      description={t('invoices.admin.confirm.note', { id: invoice.id })}
      trigger={trigger}
    >
      <Form onSubmit={submit}>
        <TextareaField
          label={t('invoices.admin.noteField')}
          value={note}
          maxLength={INVOICE_NOTE_MAX_LENGTH}
          onChange={(event) => setNote(event.target.value)}
          error={fieldMessage(noteError)}
          required
        />
        <FormError message={save.error ? errorMessage(errorCodeOf(save.error)) : undefined} />
        <FormActions>
          <Button type="submit" loading={save.isPending}>
            {t('invoices.admin.saveNote')}
          </Button>
          {invoice.adminNote && (
            <Button
              type="button"
              variant="danger"
              disabled={save.isPending}
              onClick={() => save.mutate({ id: invoice.id, note: null }, { onSuccess: done })}
            >
              {t('invoices.admin.removeNote')}
            </Button>
          )}
        </FormActions>
      </Form>
    </Dialog>
  );
}
