import { LessonStatus as LessonStatuses, type LessonView, STAFF_LESSON_SORTS } from '@darsak/domain/lessons';
import { Card, SelectField, type TableColumn, TextField } from '@darsak/ui';
import { type MessageKey, useI18n } from '@darsak/ui/i18n';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CsvExportButton } from '../../../components/csv-export-button.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import { paths } from '../../../config/paths.ts';
import { usePaging } from '../../../lib/use-page-size.ts';
import { useTableSearch } from '../../../lib/use-table-search.ts';
import { fetchLessonsPage, type LessonFilter, useStaffLessons } from '../hooks/use-staff-lessons.ts';
import { LessonStatus, lessonStatusText, sessionStatusText } from './lesson-status.tsx';

type Filters = Record<'status' | 'from' | 'to' | 'sort', string>;

/** A tutor's or student's lessons only, when the address names them (`?tutorId=` or `?studentId=`). */
function usePersonFilter() {
  const [params, setParams] = useSearchParams();
  const id = (name: string) => (/^\d{1,9}$/.test(params.get(name) ?? '') ? Number(params.get(name)) : undefined);
  return { tutorId: id('tutorId'), studentId: id('studentId'), clear: () => setParams({}) };
}

/** Every lesson, found by name or number, filtered by status, days and person, sorted; exported as CSV. */
export function LessonsTable() {
  const { t, format } = useI18n();
  const paging = usePaging('lessons');
  const search = useTableSearch(paging);
  const person = usePersonFilter();
  const [filters, setFilters] = useState<Filters>({ status: '', from: '', to: '', sort: 'latest' });
  const filter = {
    q: search.q,
    status: (filters.status || undefined) as LessonFilter['status'],
    from: filters.from || undefined,
    to: filters.to || undefined,
    sort: filters.sort as LessonFilter['sort'],
    tutorId: person.tutorId,
    studentId: person.studentId,
  } satisfies LessonFilter;
  const lessons = useStaffLessons(filter, paging.page, paging.size);
  const set = (name: keyof Filters, value: string) => {
    setFilters((f) => ({ ...f, [name]: value }));
    paging.setPage(1);
  };
  const minutes = (l: LessonView) => t('staff.lessons.minutes', { count: l.durationMinutes });
  const personLink = (m: LessonView['student']) => (
    <Link className="text-primary-700 underline" to={paths.user.href(m.id)}>
      {m.name}
    </Link>
  );

  const columns: TableColumn<LessonView>[] = [
    {
      key: 'id',
      header: '#',
      cell: (l) => (
        <Link className="font-semibold text-primary-700 underline" to={paths.lesson.href(l.id)}>
          {format.number(l.id)}
        </Link>
      ),
    },
    { key: 'start', header: t('staff.lessons.start'), cell: (l) => format.dateTime(l.startsAt) },
    { key: 'length', header: t('staff.lessons.length'), cell: minutes },
    { key: 'student', header: t('role.4'), cell: (l) => personLink(l.student) },
    { key: 'tutor', header: t('role.3'), cell: (l) => personLink(l.tutor) },
    { key: 'status', header: t('staff.lessons.status'), cell: (l) => <LessonStatus lesson={l} /> },
    { key: 'session', header: t('booking.lesson.session'), cell: (l) => sessionStatusText(t, l) },
    { key: 'price', header: t('staff.lessons.price'), cell: (l) => format.piastres(l.pricePiastres) },
  ];

  const personId = person.tutorId ?? person.studentId;
  return (
    <Card
      title={t('staff.lessonsPage.list')}
      actions={
        <CsvExportButton
          fileName="lessons"
          fetchPage={(page, size) => fetchLessonsPage(filter, page, size)}
          columns={[
            { header: '#', value: (l: LessonView) => l.id },
            { header: t('staff.lessons.start'), value: (l) => l.startsAt },
            { header: t('staff.lessons.length'), value: (l) => l.durationMinutes },
            { header: t('role.4'), value: (l) => l.student.name },
            { header: t('role.3'), value: (l) => l.tutor.name },
            { header: t('staff.lessons.status'), value: (l) => lessonStatusText(t, l) },
            { header: t('booking.lesson.session'), value: (l) => sessionStatusText(t, l) },
            { header: t('staff.lessons.price'), value: (l) => format.piastres(l.pricePiastres) },
            { header: t('staff.lesson.cancelledAt'), value: (l) => l.cancelledAt },
          ]}
        />
      }
    >
      {personId !== undefined && (
        <p className="mb-4 flex flex-wrap items-center gap-3 text-sm">
          <span>
            {t('staff.lessonsPage.person', {
              role: t(person.tutorId !== undefined ? 'role.3' : 'role.4'),
              id: format.number(personId),
            })}
          </span>
          <button type="button" className="text-primary-700 underline" onClick={person.clear}>
            {t('staff.lessonsPage.clearPerson')}
          </button>
        </p>
      )}
      <div className="mb-4 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        <TextField
          className="col-span-2 lg:col-span-1"
          label={t('staff.lessonsPage.search')}
          hint={t('staff.lessonsPage.searchHint')}
          {...search.field}
        />
        <SelectField
          label={t('staff.lessons.status')}
          placeholder={false}
          value={filters.status}
          onChange={(event) => set('status', event.target.value)}
          options={[
            { value: '', label: t('staff.filter.all') },
            ...Object.values(LessonStatuses).map((s) => ({
              value: s,
              label: t(`booking.lesson.status.${s}` as MessageKey),
            })),
          ]}
        />
        <SelectField
          label={t('staff.lessonsPage.sort')}
          placeholder={false}
          value={filters.sort}
          onChange={(event) => set('sort', event.target.value)}
          options={STAFF_LESSON_SORTS.map((s) => ({
            value: s,
            label: t(`staff.lessonsPage.sort.${s}` as MessageKey),
          }))}
        />
        <TextField
          label={t('staff.lessonsPage.from')}
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => set('from', event.target.value)}
        />
        <TextField
          label={t('staff.lessonsPage.to')}
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => set('to', event.target.value)}
        />
      </div>
      <PagedTable
        query={lessons}
        caption={t('staff.lessonsPage.list')}
        columns={columns}
        rowKey={(l) => l.id}
        empty={t('staff.lessons.empty')}
        loadError={t('staff.lessons.loadError')}
        page={paging.page}
        pageSize={paging.size}
        onPage={paging.setPage}
        onPageSize={paging.setSize}
      />
    </Card>
  );
}
