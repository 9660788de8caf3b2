import { registerMessages } from '@darsak/ui/i18n';
import { paymentsMessages } from '@darsak/ui/i18n/features/payments.ar.ts';
import { CardAddedView } from '../../../features/checkout/components/card-added-view.tsx';

// This page's catalogues ride in its chunk; the router awaits their other languages (app/messages.ts).
void registerMessages(paymentsMessages);

/** /card-added: the provider's tokenization page returns here. */
export function CardAddedPage() {
  return <CardAddedView />;
}
