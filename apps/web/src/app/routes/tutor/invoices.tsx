import { Alert, Button, Spinner } from '@darsak/ui';
import { registerMessages, useT } from '@darsak/ui/i18n';
import { invoicesMessages } from '@darsak/ui/i18n/features/invoices.ar.ts';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import { BalanceCards } from '../../../features/invoices/components/balance-cards.tsx';
import { EarningsChart } from '../../../features/invoices/components/earnings-chart.tsx';
import { EarningsTable } from '../../../features/invoices/components/earnings-table.tsx';
import { WithdrawMethods } from '../../../features/invoices/components/withdraw-methods.tsx';
import { WithdrawalRequests } from '../../../features/invoices/components/withdrawal-requests.tsx';
import { useBalance, useInvoicesLive, useWithdrawMethods } from '../../../features/invoices/hooks/use-invoices.ts';
import { useCurrentUser } from '../../../lib/auth-store.ts';

// This page's catalogues ride in its chunk; the router awaits their other languages (app/messages.ts).
void registerMessages(invoicesMessages);

/** /invoices ("earnings"): the tutor's balance, the lessons behind it, withdraw methods and withdrawal requests. */
export function InvoicesPage() {
  const t = useT();
  const user = useCurrentUser();
  useInvoicesLive();
  const balance = useBalance(user?.id ?? 0);
  const methods = useWithdrawMethods();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('sidebar.invoices')} subtitle={t('invoices.subtitle')} />
      {balance.isPending ? (
        <Spinner className="size-8 text-primary-600" label={t('common.loading')} />
      ) : balance.isError ? (
        <Alert
          tone="error"
          action={
            <Button size="sm" variant="secondary" onClick={() => void balance.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('invoices.loadError')}
        </Alert>
      ) : (
        <>
          <BalanceCards balance={balance.data} />
          <WithdrawalRequests
            methods={methods.data ?? []}
            availablePiastres={balance.data.availablePiastres}
            limits={balance.data.limits}
          />
          <div className="grid gap-6 lg:grid-cols-2">
            <EarningsChart weekly={balance.data.weekly} />
            <WithdrawMethods />
          </div>
          <EarningsTable />
        </>
      )}
    </div>
  );
}
