import { TextField } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useState } from 'react';
import { useSavedCards } from '../hooks/use-checkout.ts';
import { SavedCardPicker } from './saved-cards.tsx';

const CVV = /^[0-9]{3,4}$/;

/** A saved card and its CVV, as the card and instalment payments need them. */
export function useCardChoice() {
  const cards = useSavedCards();
  const [picked, setPicked] = useState<number | null>(null);
  const [cvv, setCvv] = useState('');
  const [errors, setErrors] = useState<{ card?: string; cvv?: string }>({});
  const list = cards.data?.list;
  // the only card, or the newest, is chosen until the student picks another
  const cardId = picked ?? (list && list.length > 0 ? (list[list.length - 1]?.id ?? null) : null);
  const chosen = list?.some((card) => card.id === cardId) ? cardId : null;
  return {
    cards,
    cardId: chosen,
    setCardId: setPicked,
    cvv,
    setCvv,
    errors,
    setErrors,
    hasCards: (list?.length ?? 0) > 0,
    /** The card and CVV when both are valid, else null with the errors shown. */
    validate(): { cardTokenId: number; cvv: string } | null {
      const next = {
        card: chosen === null ? 'payments.card.pick' : undefined,
        cvv: CVV.test(cvv) ? undefined : 'cvv-format',
      };
      setErrors(next);
      return chosen !== null && !next.cvv ? { cardTokenId: chosen, cvv } : null;
    },
  };
}

export type CardChoice = ReturnType<typeof useCardChoice>;

export function CardFields({ choice, disabled }: { choice: CardChoice; disabled?: boolean }) {
  const { t, fieldMessage } = useI18n();
  const { cards } = choice;
  return (
    <div className="flex flex-col gap-4">
      <SavedCardPicker
        cards={cards.data?.list}
        loading={cards.isPending}
        failed={cards.isError}
        onRetry={() => void cards.refetch()}
        value={choice.cardId}
        onChange={(id) => {
          choice.setCardId(id);
          choice.setErrors((e) => ({ ...e, card: undefined }));
        }}
        error={choice.errors.card ? t('payments.card.pick') : undefined}
        disabled={disabled}
      />
      {choice.hasCards && (
        <TextField
          label={t('payments.card.cvv')}
          hint={t('payments.card.cvvHint')}
          error={fieldMessage(choice.errors.cvv)}
          className="max-w-48"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          dir="ltr"
          required
          disabled={disabled}
          value={choice.cvv}
          onChange={(event) => {
            choice.setCvv(event.target.value.replace(/\D/g, ''));
            choice.setErrors((e) => ({ ...e, cvv: undefined }));
          }}
        />
      )}
    </div>
  );
}
