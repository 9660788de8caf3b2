import { Alert, Button } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { useErrorText } from '../lib/forms.ts';
import { SupportLinks } from './support-links.tsx';

/** A failed load: the coded message, a retry button and the support links if any (spec §8, §9). */
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
      <SupportLinks className="mt-2" />
    </Alert>
  );
}
