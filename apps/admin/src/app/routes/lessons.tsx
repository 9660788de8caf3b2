import { useT } from '@darsak/ui/i18n';
import { LessonsTable } from '../../features/lessons/components/lessons-table.tsx';

/** /lessons: every lesson, found, filtered and exported; each opens its record. */
export function LessonsPage() {
  const t = useT();
  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('admin.sidebar.lessons')}</h1>
        <p className="text-muted">{t('staff.lessonsPage.subtitle')}</p>
      </div>
      <LessonsTable />
    </div>
  );
}
