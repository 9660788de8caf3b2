import type { Page } from '@darsak/domain/common';
import { Button, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useState } from 'react';
import { type CsvColumn, downloadText, fetchAllPages, toCsv } from '../lib/csv.ts';

/** Downloads what the table's filters select now (every page), as CSV. */
export function CsvExportButton<Row>({
  fileName,
  columns,
  fetchPage,
}: {
  fileName: string;
  columns: readonly CsvColumn<Row>[];
  fetchPage: (page: number, size: number) => Promise<Page<Row>>;
}) {
  const { t, errorMessage } = useI18n();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const rows = await fetchAllPages(fetchPage);
      downloadText(`${fileName}-${new Date().toISOString().slice(0, 10)}.csv`, toCsv(rows, columns));
    } catch {
      toast({ type: 'error', title: errorMessage('network-error') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" variant="secondary" loading={busy} onClick={() => void run()}>
      {t('staff.table.exportCsv')}
    </Button>
  );
}
