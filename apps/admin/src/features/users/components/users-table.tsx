import { ROLE_IDS, USER_SORTS, USER_VERIFICATION_FILTERS, type UserAccount } from '@darsak/domain/users';
import { Badge, Card, SelectField, type TableColumn, TextField } from '@darsak/ui';
import { type MessageKey, useI18n } from '@darsak/ui/i18n';
import { useState } from 'react';
import { Link } from 'react-router';
import { CsvExportButton } from '../../../components/csv-export-button.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import { paths } from '../../../config/paths.ts';
import { usePaging } from '../../../lib/use-page-size.ts';
import { useTableSearch } from '../../../lib/use-table-search.ts';
import { fetchUsersPage, type UserFilter, useUsers } from '../hooks/use-users.ts';

type Choice = { value: string; label: string };

/** Everyone, found by name, e-mail, phone or id; filtered by role, verification, activity and subscription. */
export function UsersTable() {
  const { t, format } = useI18n();
  const paging = usePaging('users');
  const search = useTableSearch(paging);
  const [filters, setFilters] = useState<
    Record<'role' | 'verification' | 'activity' | 'subscription' | 'sort', string>
  >({
    role: '',
    verification: '',
    activity: '',
    subscription: '',
    sort: 'newest',
  });
  const filter = {
    q: search.q,
    role: filters.role ? Number(filters.role) : undefined,
    verification: (filters.verification || undefined) as UserFilter['verification'],
    activity: (filters.activity || undefined) as UserFilter['activity'],
    subscription: (filters.subscription || undefined) as UserFilter['subscription'],
    sort: filters.sort as UserFilter['sort'],
  } satisfies UserFilter;
  const users = useUsers(filter, paging.page, paging.size);
  const roleText = (u: UserAccount) => t(`role.${u.role}` as MessageKey);
  const yesNo = (value: boolean) => (value ? t('common.yes') : t('common.no'));

  const select = (name: keyof typeof filters, label: MessageKey, options: Choice[], all = true) => (
    <SelectField
      label={t(label)}
      placeholder={false}
      value={filters[name]}
      onChange={(event) => {
        setFilters((f) => ({ ...f, [name]: event.target.value }));
        paging.setPage(1);
      }}
      options={all ? [{ value: '', label: t('staff.filter.all') }, ...options] : options}
    />
  );

  const columns: TableColumn<UserAccount>[] = [
    { key: 'id', header: '#', cell: (u) => format.number(u.id) },
    {
      key: 'name',
      header: t('staff.users.name'),
      cell: (u) => (
        <Link to={paths.user.href(u.id)} className="font-semibold text-primary-700 underline">
          {u.name}
        </Link>
      ),
    },
    {
      key: 'contact',
      header: t('staff.users.contact'),
      cell: (u) => (
        <span className="flex flex-col">
          <bdi dir="ltr">{u.email}</bdi>
          {u.phone && (
            <bdi dir="ltr" className="text-muted">
              {u.phone}
            </bdi>
          )}
        </span>
      ),
    },
    { key: 'role', header: t('staff.users.role'), cell: roleText },
    {
      key: 'verified',
      header: t('staff.users.verification'),
      cell: (u) => (
        <span className="flex flex-wrap gap-1">
          <Badge tone={u.emailVerified ? 'success' : 'warning'}>
            {t(u.emailVerified ? 'staff.users.emailVerified' : 'staff.users.emailUnverified')}
          </Badge>
          <Badge tone={u.phoneVerified ? 'success' : 'warning'}>
            {t(u.phoneVerified ? 'staff.users.phoneVerified' : 'staff.users.phoneUnverified')}
          </Badge>
        </span>
      ),
    },
    {
      key: 'state',
      header: t('staff.users.activity'),
      cell: (u) => (
        <Badge tone={u.disabledAt ? 'error' : 'success'}>
          {t(u.disabledAt ? 'staff.users.disabled' : 'staff.users.active')}
        </Badge>
      ),
    },
    { key: 'subscribed', header: t('staff.users.subscription'), cell: (u) => yesNo(u.subscribed) },
    { key: 'created', header: t('staff.users.createdAt'), cell: (u) => format.date(u.createdAt) },
  ];

  return (
    <Card
      title={t('staff.users.list')}
      actions={
        <CsvExportButton
          fileName="users"
          fetchPage={(page, size) => fetchUsersPage(filter, page, size)}
          columns={[
            { header: '#', value: (u: UserAccount) => u.id },
            { header: t('staff.users.name'), value: (u) => u.name },
            { header: t('staff.users.email'), value: (u) => u.email },
            { header: t('staff.users.phone'), value: (u) => u.phone },
            { header: t('staff.users.role'), value: roleText },
            { header: t('staff.users.emailVerified'), value: (u) => yesNo(u.emailVerified) },
            { header: t('staff.users.phoneVerified'), value: (u) => yesNo(u.phoneVerified) },
            { header: t('staff.users.disabled'), value: (u) => yesNo(u.disabledAt !== null) },
            { header: t('staff.users.subscription'), value: (u) => yesNo(u.subscribed) },
            { header: t('staff.users.createdAt'), value: (u) => u.createdAt },
          ]}
        />
      }
    >
      <div className="mb-4 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        <TextField
          className="col-span-2 lg:col-span-1"
          label={t('staff.users.search')}
          hint={t('staff.users.searchHint')}
          {...search.field}
        />
        {select(
          'role',
          'staff.users.role',
          ROLE_IDS.map((id) => ({ value: String(id), label: t(`role.${id}` as MessageKey) })),
        )}
        {select(
          'verification',
          'staff.users.verification',
          USER_VERIFICATION_FILTERS.map((v) => ({ value: v, label: t(`staff.users.${v}` as MessageKey) })),
        )}
        {select('activity', 'staff.users.activity', [
          { value: 'active', label: t('staff.users.active') },
          { value: 'disabled', label: t('staff.users.disabled') },
        ])}
        {select('subscription', 'staff.users.subscription', [
          { value: 'active', label: t('staff.users.subscribed') },
          { value: 'none', label: t('staff.users.unsubscribed') },
        ])}
        {select(
          'sort',
          'staff.users.sort',
          USER_SORTS.map((s) => ({ value: s, label: t(`staff.users.sort.${s}` as MessageKey) })),
          false,
        )}
      </div>
      <PagedTable
        query={users}
        caption={t('staff.users.list')}
        columns={columns}
        rowKey={(u) => u.id}
        empty={t('staff.users.empty')}
        loadError={t('staff.users.loadError')}
        page={paging.page}
        pageSize={paging.size}
        onPage={paging.setPage}
        onPageSize={paging.setSize}
      />
    </Card>
  );
}
