import { Button } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { TopicFormDialog } from '../../features/topics/components/topic-form-dialog.tsx';
import { TopicsTable } from '../../features/topics/components/topics-table.tsx';

/** /topics: the topics tutors and students pick as favourites; create, rename, delete. */
export function TopicsPage() {
  const t = useT();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold sm:text-3xl">{t('admin.sidebar.topics')}</h1>
          <p className="text-muted">{t('staff.topics.subtitle')}</p>
        </div>
        <TopicFormDialog topic={null} trigger={<Button>{t('staff.topics.new')}</Button>} />
      </div>
      <TopicsTable />
    </div>
  );
}
