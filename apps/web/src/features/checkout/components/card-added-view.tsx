import { paymentsKeys } from '@darsak/client';
import { buttonClasses, CheckIcon, ErrorIcon } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { rememberedCheckout } from '../hooks/checkout-attempt.ts';

/**
 * /card-added: where the provider's tokenization page returns (`statusCode=200` when the card was saved).
 * It confirms and leads back to the checkout the student left.
 */
export function CardAddedView() {
  const t = useT();
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const [back] = useState(rememberedCheckout);
  const status = search.get('statusCode');
  const ok = status === null || status === '200';

  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: paymentsKeys.cards() });
  }, [queryClient]);

  return (
    <section
      aria-labelledby="card-added-title"
      className="mx-auto flex w-full max-w-lg flex-col items-center gap-4 rounded-(--radius-card) border border-line bg-surface p-6 text-center shadow-(--shadow-card) sm:p-8"
    >
      <span
        aria-hidden="true"
        className={
          ok
            ? 'flex size-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-700'
            : 'flex size-14 items-center justify-center rounded-full bg-red-100 text-red-700'
        }
      >
        {ok ? <CheckIcon width={28} height={28} /> : <ErrorIcon width={28} height={28} />}
      </span>
      <h1 id="card-added-title" className="text-2xl font-bold text-ink">
        {ok ? t('payments.cardAdded.title') : t('payments.cardAdded.failedTitle')}
      </h1>
      <p className="text-muted" role={ok ? 'status' : 'alert'}>
        {ok ? t('payments.cardAdded.body') : t('payments.cardAdded.failedBody')}
      </p>
      {back ? (
        <Link to={back} className={buttonClasses({ size: 'lg' })}>
          {t('payments.cardAdded.back')}
        </Link>
      ) : (
        <Link to={paths.plans.href()} className={buttonClasses({ size: 'lg' })}>
          {t('payments.cardAdded.plans')}
        </Link>
      )}
    </section>
  );
}
