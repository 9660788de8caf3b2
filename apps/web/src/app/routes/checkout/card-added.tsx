import { CardAddedView } from '../../../features/checkout/components/card-added-view.tsx';

/** /card-added: the provider's tokenization page returns here. */
export function CardAddedPage() {
  return <CardAddedView />;
}
