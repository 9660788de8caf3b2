import { Button, useToast } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { useLocation } from 'react-router';
import { useErrorText } from '../../../lib/forms.ts';
import { browser, rememberCheckout } from '../hooks/checkout-attempt.ts';
import { useCardTokenUrl } from '../hooks/use-checkout.ts';

/** Goes to the provider's tokenization page; it returns to /card-added, which leads back to this checkout. */
export function AddCardButton({ variant }: { variant: 'primary' | 'link' }) {
  const t = useT();
  const location = useLocation();
  const errorText = useErrorText();
  const { toast } = useToast();
  const cardUrl = useCardTokenUrl();
  return (
    <div className="flex flex-col items-start gap-1">
      <Button
        variant={variant}
        size="sm"
        loading={cardUrl.isPending || cardUrl.isSuccess}
        onClick={() =>
          cardUrl.mutate(undefined, {
            onSuccess: ({ url }) => {
              rememberCheckout(location.pathname);
              browser.go(url);
            },
            onError: (error) => toast({ type: 'error', title: errorText(error) }),
          })
        }
      >
        {t('payments.card.add')}
      </Button>
      {variant === 'primary' && <p className="text-xs text-muted">{t('payments.card.addHint')}</p>}
    </div>
  );
}
