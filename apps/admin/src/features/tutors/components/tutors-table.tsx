import { STAFF_TUTOR_SORTS, STAFF_TUTOR_STAGES, type StaffTutor, type StaffTutorStage } from '@darsak/domain/tutors';
import { Avatar, Badge, Card, SelectField, type TableColumn, TextField } from '@darsak/ui';
import { type MessageKey, useI18n } from '@darsak/ui/i18n';
import { useState } from 'react';
import { Link } from 'react-router';
import { CsvExportButton } from '../../../components/csv-export-button.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import { paths } from '../../../config/paths.ts';
import { usePaging } from '../../../lib/use-page-size.ts';
import { useTableSearch } from '../../../lib/use-table-search.ts';
import { fetchTutorsPage, type TutorFilter, type TutorGroup, useTutors } from '../hooks/use-tutors.ts';

type Choice = { value: string; label: string };
const GROUPS: readonly TutorGroup[] = ['all', 'uncontacted', 'full'];

/** The label of an onboarding stage: the step's name, or "onboarded". */
export const stageKey = (stage: StaffTutorStage): MessageKey =>
  stage === 'onboarded' ? 'staff.tutors.stage.onboarded' : (`onboarding.step.${stage}` as MessageKey);

/** Every tutor, or the uncontacted or fully booked ones; searched, filtered, sorted and paged on the server. */
export function TutorsTable() {
  const { t, format } = useI18n();
  const paging = usePaging('tutors');
  const search = useTableSearch(paging);
  const [filters, setFilters] = useState<Record<'group' | 'stage' | 'activated' | 'sort', string>>({
    group: 'all',
    stage: '',
    activated: '',
    sort: 'newest',
  });
  const group = filters.group as TutorGroup;
  const filter = {
    q: search.q,
    stage: (filters.stage || undefined) as TutorFilter['stage'],
    activated: (filters.activated || undefined) as TutorFilter['activated'],
    sort: filters.sort as TutorFilter['sort'],
  } satisfies TutorFilter;
  const tutors = useTutors(group, filter, paging.page, paging.size);
  const yesNo = (value: boolean) => (value ? t('common.yes') : t('common.no'));
  const ratingText = (tutor: StaffTutor) =>
    tutor.rating.average === null
      ? t('staff.tutors.noRating')
      : t('staff.tutors.ratingValue', {
          average: format.number(tutor.rating.average),
          count: tutor.rating.count,
        });

  const select = (name: keyof typeof filters, label: MessageKey, options: Choice[], all = true) => (
    <SelectField
      label={t(label)}
      hint={name === 'group' && group !== 'all' ? t(`staff.tutors.groupHint.${group}` as MessageKey) : undefined}
      placeholder={false}
      value={filters[name]}
      onChange={(event) => {
        setFilters((f) => ({ ...f, [name]: event.target.value }));
        paging.setPage(1);
      }}
      options={all ? [{ value: '', label: t('staff.filter.all') }, ...options] : options}
    />
  );

  const columns: TableColumn<StaffTutor>[] = [
    { key: 'id', header: '#', cell: (tutor) => format.number(tutor.id) },
    {
      key: 'name',
      header: t('staff.tutors.name'),
      cell: (tutor) => (
        <span className="flex items-center gap-2">
          <Avatar name={tutor.name} src={tutor.image} size="sm" decorative />
          <Link to={paths.tutor.href(tutor.id)} className="font-semibold text-primary-700 underline">
            {tutor.name}
          </Link>
        </span>
      ),
    },
    {
      key: 'contact',
      header: t('staff.tutors.contact'),
      cell: (tutor) => (
        <span className="flex flex-col">
          <bdi dir="ltr">{tutor.email}</bdi>
          {tutor.phone && (
            <bdi dir="ltr" className="text-muted">
              {tutor.phone}
            </bdi>
          )}
        </span>
      ),
    },
    { key: 'stage', header: t('staff.tutors.stage'), cell: (tutor) => t(stageKey(tutor.stage)) },
    {
      key: 'activated',
      header: t('staff.tutors.activated'),
      cell: (tutor) => (
        <span className="flex flex-wrap gap-1">
          <Badge tone={tutor.activated ? 'success' : 'warning'}>
            {t(tutor.activated ? 'staff.tutors.active' : 'staff.tutors.inactive')}
          </Badge>
          {tutor.bypassOnboarding && <Badge tone="info">{t('staff.tutors.bypass')}</Badge>}
          {tutor.disabled && <Badge tone="error">{t('staff.tutors.disabledAccount')}</Badge>}
        </span>
      ),
    },
    { key: 'rating', header: t('staff.tutors.rating'), cell: ratingText },
    { key: 'lessons', header: t('staff.tutors.lessons'), cell: (tutor) => format.number(tutor.lessons) },
    { key: 'earnings', header: t('staff.tutors.earnings'), cell: (tutor) => format.piastres(tutor.earningsPiastres) },
    { key: 'joined', header: t('staff.tutors.joined'), cell: (tutor) => format.date(tutor.createdAt) },
  ];

  return (
    <Card
      title={t('staff.tutors.list')}
      actions={
        <CsvExportButton
          fileName={group === 'all' ? 'tutors' : `tutors-${group}`}
          fetchPage={(page, size) => fetchTutorsPage(group, filter, page, size)}
          columns={[
            { header: '#', value: (tutor: StaffTutor) => tutor.id },
            { header: t('staff.tutors.name'), value: (tutor) => tutor.name },
            { header: t('staff.tutors.email'), value: (tutor) => tutor.email },
            { header: t('staff.tutors.phone'), value: (tutor) => tutor.phone },
            { header: t('staff.tutors.stage'), value: (tutor) => t(stageKey(tutor.stage)) },
            { header: t('staff.tutors.active'), value: (tutor) => yesNo(tutor.activated) },
            { header: t('staff.tutors.bypass'), value: (tutor) => yesNo(tutor.bypassOnboarding) },
            { header: t('staff.tutors.rating'), value: (tutor) => tutor.rating.average },
            { header: t('staff.tutors.ratingCount'), value: (tutor) => tutor.rating.count },
            { header: t('staff.tutors.lessons'), value: (tutor) => tutor.lessons },
            { header: t('staff.tutors.earnings'), value: (tutor) => tutor.earningsPiastres / 100 },
            { header: t('staff.tutors.joined'), value: (tutor) => tutor.createdAt },
          ]}
        />
      }
    >
      <div className="mb-4 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        <TextField
          className="col-span-2 lg:col-span-1"
          label={t('staff.tutors.search')}
          hint={t('staff.tutors.searchHint')}
          {...search.field}
        />
        {select(
          'group',
          'staff.tutors.group',
          GROUPS.map((g) => ({ value: g, label: t(`staff.tutors.group.${g}` as MessageKey) })),
          false,
        )}
        {select(
          'stage',
          'staff.tutors.stage',
          STAFF_TUTOR_STAGES.map((stage) => ({ value: stage, label: t(stageKey(stage)) })),
        )}
        {select('activated', 'staff.tutors.activated', [
          { value: 'yes', label: t('staff.tutors.active') },
          { value: 'no', label: t('staff.tutors.inactive') },
        ])}
        {select(
          'sort',
          'staff.tutors.sort',
          STAFF_TUTOR_SORTS.map((s) => ({ value: s, label: t(`staff.tutors.sort.${s}` as MessageKey) })),
          false,
        )}
      </div>
      <PagedTable
        query={tutors}
        caption={t('staff.tutors.list')}
        columns={columns}
        rowKey={(tutor) => tutor.id}
        empty={t('staff.tutors.empty')}
        loadError={t('staff.tutors.loadError')}
        page={paging.page}
        pageSize={paging.size}
        onPage={paging.setPage}
        onPageSize={paging.setSize}
      />
    </Card>
  );
}
