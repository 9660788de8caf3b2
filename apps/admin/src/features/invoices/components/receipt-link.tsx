import { receiptQuery } from '@darsak/client';
import { Button } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api.ts';

/** Opens a private receipt in a new tab (fetched with the admin's token first). */
export function ReceiptLink({ url }: { url: string }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="sm"
      variant="link"
      loading={busy}
      onClick={() => {
        setBusy(true);
        void queryClient
          .fetchQuery(receiptQuery(api, url))
          .then((objectUrl) => window.open(objectUrl, '_blank', 'noopener'))
          .finally(() => setBusy(false));
      }}
    >
      {t('invoices.admin.viewReceipt')}
    </Button>
  );
}
