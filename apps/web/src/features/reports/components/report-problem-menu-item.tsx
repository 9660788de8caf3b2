import { WarningIcon } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';

/**
 * The user menu's entry; the menu owns the dialog, since its panel closes as the entry is chosen. A module apart
 * from the dialog, which the menu loads only when it opens (the dialog's form and screenshot libraries are not part
 * of every page).
 */
export function ReportProblemMenuItem({ className, onClick }: { className: string; onClick: () => void }) {
  const { t } = useI18n();
  return (
    <button type="button" className={className} onClick={onClick}>
      <WarningIcon className="size-4" />
      {t('reports.open')}
    </button>
  );
}
