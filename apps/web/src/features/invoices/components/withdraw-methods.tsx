import { type WithdrawMethodItem, withdrawDestination } from '@darsak/domain/invoices';
import { Alert, Badge, Button, Card, ConfirmDialog, Spinner, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useErrorText } from '../../../lib/forms.ts';
import { useRemoveMethod, useWithdrawMethods } from '../hooks/use-invoices.ts';
import { MethodFormDialog } from './method-form-dialog.tsx';

/** Asks before removing a saved method. */
function RemoveMethod({ method }: { method: WithdrawMethodItem }) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const { toast } = useToast();
  const remove = useRemoveMethod();
  return (
    <ConfirmDialog
      title={t('invoices.methods.removeTitle')}
      description={t('invoices.methods.removeBody')}
      confirm={t('invoices.methods.remove')}
      cancel={t('invoices.requests.keep')}
      busy={remove.isPending}
      trigger={
        <Button size="sm" variant="ghost">
          {t('invoices.methods.remove')}
        </Button>
      }
      onConfirm={() =>
        remove.mutateAsync(method.id).then(
          () => toast({ type: 'success', title: t('invoices.methods.removed') }),
          (error: unknown) => toast({ type: 'error', title: errorText(error) }),
        )
      }
    />
  );
}

/** The tutor's saved withdraw methods: add, edit, remove. */
export function WithdrawMethods() {
  const { t } = useI18n();
  const methods = useWithdrawMethods();
  return (
    <Card
      title={t('invoices.methods.title')}
      description={t('invoices.methods.description')}
      actions={
        <MethodFormDialog
          trigger={
            <Button size="sm" variant="secondary">
              {t('invoices.methods.add')}
            </Button>
          }
        />
      }
    >
      {methods.isPending ? (
        <Spinner className="size-6 text-primary-600" label={t('common.loading')} />
      ) : methods.isError ? (
        <Alert tone="error">{t('invoices.loadError')}</Alert>
      ) : methods.data.length === 0 ? (
        <p className="text-sm text-muted">{t('invoices.methods.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {methods.data.map((method) => (
            <li key={method.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="flex flex-col">
                <span className="flex items-center gap-2 font-semibold text-ink">
                  {t(`invoices.method.${method.method}`)}
                  {method.isDefault && <Badge tone="primary">{t('invoices.methods.default')}</Badge>}
                </span>
                <span className="text-sm text-muted" dir="ltr">
                  {withdrawDestination(method)}
                </span>
              </div>
              <div className="flex gap-1">
                <MethodFormDialog
                  method={method}
                  trigger={
                    <Button size="sm" variant="ghost">
                      {t('invoices.methods.edit')}
                    </Button>
                  }
                />
                <RemoveMethod method={method} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
