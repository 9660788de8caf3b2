import { errorCodeOf } from '@darsak/client';
import type { TopicItem } from '@darsak/domain/topics';
import { Button, Card, ConfirmDialog, type TableColumn, TextField, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useState } from 'react';
import { CsvExportButton } from '../../../components/csv-export-button.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import { usePaging } from '../../../lib/use-page-size.ts';
import { useRemoveTopic, useTopics } from '../hooks/use-topics.ts';
import { TopicFormDialog } from './topic-form-dialog.tsx';

function RemoveTopic({ topic }: { topic: TopicItem }) {
  const { t, errorMessage } = useI18n();
  const { toast } = useToast();
  const remove = useRemoveTopic();
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="ghost" aria-label={t('staff.topics.deleteFor', { name: topic.nameAr })}>
          {t('staff.topics.delete')}
        </Button>
      }
      title={t('staff.topics.deleteTitle')}
      description={t('staff.topics.deleteBody', { name: topic.nameAr })}
      confirm={t('staff.topics.delete')}
      busy={remove.isPending}
      onConfirm={() =>
        remove.mutateAsync(topic.id).then(
          () => toast({ type: 'success', title: t('staff.topics.deleted') }),
          (error: unknown) => toast({ type: 'error', title: errorMessage(errorCodeOf(error)) }),
        )
      }
    />
  );
}

/**
 * The topics (a short catalogue the API answers whole): searched, sorted by name and paged here, exported as
 * shown.
 */
export function TopicsTable() {
  const { t, locale } = useI18n();
  const topics = useTopics();
  const paging = usePaging('topics');
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const matching = (topics.data?.list ?? [])
    .filter((topic) => !needle || `${topic.nameAr} ${topic.nameEn}`.toLowerCase().includes(needle))
    .sort((a, b) =>
      locale === 'ar' ? a.nameAr.localeCompare(b.nameAr, 'ar') : a.nameEn.localeCompare(b.nameEn, 'en'),
    );
  const pageOf = (page: number, size: number) => ({
    total: matching.length,
    list: matching.slice((page - 1) * size, page * size),
  });
  const query = { ...topics, data: topics.data ? pageOf(paging.page, paging.size) : undefined };

  const columns: TableColumn<TopicItem>[] = [
    {
      key: 'ar',
      header: t('staff.topics.nameAr'),
      cell: (topic) => <span className="font-semibold">{topic.nameAr}</span>,
    },
    { key: 'en', header: t('staff.topics.nameEn'), cell: (topic) => <bdi dir="ltr">{topic.nameEn}</bdi> },
    {
      key: 'actions',
      header: t('staff.table.actions'),
      cell: (topic) => (
        <div className="flex flex-wrap gap-2">
          <TopicFormDialog
            topic={topic}
            trigger={
              <Button size="sm" variant="secondary" aria-label={t('staff.topics.renameFor', { name: topic.nameAr })}>
                {t('staff.topics.rename')}
              </Button>
            }
          />
          <RemoveTopic topic={topic} />
        </div>
      ),
    },
  ];

  return (
    <Card
      title={t('staff.topics.list')}
      actions={
        <CsvExportButton
          fileName="topics"
          fetchPage={async () => ({ total: matching.length, list: matching })}
          columns={[
            { header: '#', value: (topic: TopicItem) => topic.id },
            { header: t('staff.topics.nameAr'), value: (topic) => topic.nameAr },
            { header: t('staff.topics.nameEn'), value: (topic) => topic.nameEn },
          ]}
        />
      }
    >
      <div className="mb-4 max-w-sm">
        <TextField
          label={t('staff.topics.search')}
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            paging.setPage(1);
          }}
        />
      </div>
      <PagedTable
        query={query}
        caption={t('staff.topics.list')}
        columns={columns}
        rowKey={(topic) => topic.id}
        empty={t('staff.topics.empty')}
        loadError={t('staff.topics.loadError')}
        page={paging.page}
        pageSize={paging.size}
        onPage={paging.setPage}
        onPageSize={paging.setSize}
      />
    </Card>
  );
}
