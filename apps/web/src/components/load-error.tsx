import { Alert, Button } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { useErrorText } from '../lib/forms.ts';

/** A failed load: the coded message and a retry button (spec §8 loading failures). */
export function LoadError({ error, onRetry, title }: { error: unknown; onRetry?: () => void; title?: string }) {
  const t = useT();
  const errorText = useErrorText();
  return (
    <Alert
      tone="error"
      title={title}
      action={
        onRetry && (
          <Button size="sm" variant="secondary" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )
      }
    >
      {errorText(error)}
    </Alert>
  );
}
