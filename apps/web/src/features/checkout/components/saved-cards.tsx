import type { SavedCard } from '@darsak/domain/payments';
import { Button, CardIcon, CloseIcon, cn, Dialog, DialogClose, Spinner, useToast } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { useId, useState } from 'react';
import { useErrorText } from '../../../lib/forms.ts';
import { useDeleteCard } from '../hooks/use-checkout.ts';
import { AddCardButton } from './add-card-button.tsx';

export function useCardLabel() {
  const t = useT();
  return (card: SavedCard) =>
    t('payments.card.label', {
      brand: card.brand ?? t('payments.card.unknownBrand'),
      lastFour: card.lastFour ?? '••••',
    });
}

function RemoveCard({ card }: { card: SavedCard }) {
  const t = useT();
  const label = useCardLabel()(card);
  const errorText = useErrorText();
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const remove = useDeleteCard();
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t('payments.card.removeTitle')}
      description={t('payments.card.removeBody', { label })}
      size="sm"
      trigger={
        <Button size="sm" variant="ghost" aria-label={t('payments.card.remove', { label })}>
          <CloseIcon aria-hidden="true" />
        </Button>
      }
    >
      <div className="flex flex-wrap gap-3">
        <Button
          variant="danger"
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(card.id, {
              onSuccess: () => {
                setOpen(false);
                toast({ type: 'success', title: t('payments.card.removed') });
              },
              onError: (error) => toast({ type: 'error', title: errorText(error) }),
            })
          }
        >
          {t('payments.card.removeConfirm')}
        </Button>
        <DialogClose asChild>
          <Button variant="secondary">{t('common.cancel')}</Button>
        </DialogClose>
      </div>
    </Dialog>
  );
}

export interface SavedCardPickerProps {
  cards: SavedCard[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  value: number | null;
  onChange: (cardId: number) => void;
  error?: string | undefined;
  disabled?: boolean;
}

/** The saved cards (card-token list) as a radio group, with removal and "add a card". */
export function SavedCardPicker({
  cards,
  loading,
  failed,
  onRetry,
  value,
  onChange,
  error,
  disabled,
}: SavedCardPickerProps) {
  const t = useT();
  const cardLabel = useCardLabel();
  const name = useId();
  const errorId = useId();

  if (loading) return <Spinner className="size-6 text-primary-600" label={t('common.loading')} />;
  if (failed) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p role="alert" className="text-sm text-red-800">
          {t('payments.card.loadError')}
        </p>
        <Button size="sm" variant="secondary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (!cards || cards.length === 0) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed border-line p-4">
        <p className="text-sm text-muted">{t('payments.card.none')}</p>
        <AddCardButton variant="primary" />
      </div>
    );
  }
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? errorId : undefined} disabled={disabled}>
      <legend className="mb-2 text-sm font-semibold text-ink">{t('payments.card.saved')}</legend>
      {cards.map((card) => (
        <div
          key={card.id}
          className={cn(
            'flex items-center gap-2 rounded-xl border border-line pe-1 transition-colors',
            'has-checked:border-primary-500 has-checked:bg-primary-50',
            'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary-600',
          )}
        >
          <label className="flex flex-1 cursor-pointer items-center gap-3 p-3.5">
            <input
              type="radio"
              name={name}
              value={card.id}
              checked={value === card.id}
              onChange={() => onChange(card.id)}
              className="size-4 accent-primary-600"
            />
            <CardIcon className="text-muted" aria-hidden="true" />
            <span className="font-semibold text-ink" dir="auto">
              {cardLabel(card)}
            </span>
          </label>
          <RemoveCard card={card} />
        </div>
      ))}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <div>
        <AddCardButton variant="link" />
      </div>
    </fieldset>
  );
}
