import { Button } from '@darsak/ui';
import { registeredMessagesLoaded, useI18n } from '@darsak/ui/i18n';
import { lazy, Suspense, useState } from 'react';

/**
 * The problem report's dialog, loaded when first opened: its form (and zod), screenshot libraries and catalogue are
 * not needed by the pages that offer it (its module registers the catalogue; in another language than Arabic, wait
 * for it as the router does for a page). Mount it while open.
 */
export const LazyReportProblemDialog = lazy(async () => {
  const { ReportProblemDialog } = await import('./report-problem-dialog.tsx');
  await registeredMessagesLoaded();
  return { default: ReportProblemDialog };
});

/** "Report a problem" as a button (the live lesson's bar). */
export function ReportProblemButton() {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        {t('reports.open')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <LazyReportProblemDialog open onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
