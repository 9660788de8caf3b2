import { autoRenewalQuery, paymentsKeys, savedCardsQuery } from '@darsak/client';
import { paymentsContract } from '@darsak/domain/payments';
import { Button, FormError } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useErrorText } from '../../../lib/forms.ts';

/** Turns automatic renewal on with a card, or off (one step); the card and state are fetched again. */
function useAutoRenewalChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardTokenId: number | null) =>
      cardTokenId === null
        ? api.callRoute(paymentsContract.autoRenewalOff, {})
        : api.callRoute(paymentsContract.autoRenewalOn, { body: { cardTokenId } }),
    onSuccess: (state) => queryClient.setQueryData(paymentsKeys.autoRenewal(), state),
  });
}

/**
 * Automatic renewal for a saved-card payer (issue 31): off by default; on with her saved card, each period charged
 * at its end and told days before; off in one step. Nothing to offer without a saved card.
 */
export function AutoRenewal() {
  const t = useT();
  const errorText = useErrorText();
  const state = useQuery(autoRenewalQuery(api));
  const cards = useQuery({ ...savedCardsQuery(api), enabled: state.data?.autoRenewal === null });
  const change = useAutoRenewalChange();
  const on = state.data?.autoRenewal;
  const card = cards.data?.list[0];
  if (!state.data || (!on && !card)) return null;
  const lastFour = on?.lastFour ?? card?.lastFour ?? '';
  return (
    <div data-testid="auto-renewal" className="mt-4 flex flex-col gap-2 rounded-lg border border-line p-3">
      <p className="text-sm text-ink">
        {on ? t('payments.autoRenewal.on', { lastFour }) : t('payments.autoRenewal.offer', { lastFour })}
      </p>
      <FormError message={change.error ? errorText(change.error) : undefined} />
      <div>
        <Button
          size="sm"
          variant={on ? 'secondary' : 'primary'}
          loading={change.isPending}
          onClick={() => change.mutate(on ? null : (card?.id ?? null))}
        >
          {on ? t('payments.autoRenewal.turnOff') : t('payments.autoRenewal.turnOn')}
        </Button>
      </div>
    </div>
  );
}
