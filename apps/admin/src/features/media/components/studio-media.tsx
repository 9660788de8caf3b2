import type { StudioTutor } from '@darsak/domain/interviews';
import { Avatar, Card, SelectField, TextField } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { CsvExportButton } from '../../../components/csv-export-button.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api.ts';
import { usePaging } from '../../../lib/use-page-size.ts';
import { useTableSearch } from '../../../lib/use-table-search.ts';
import { fetchStudioPage, type StudioFilter, type StudioStatus, useStudioMedia } from '../hooks/use-media.ts';

/** Tutors' studio media (photo, thumbnail, intro video), each replaced on the tutor's photo-session page. */
export function StudioMedia() {
  const { t } = useI18n();
  const paging = usePaging('studioMedia');
  const search = useTableSearch(paging);
  const [status, setStatus] = useState<StudioStatus>('done');
  const filter: StudioFilter = { status, q: search.q };
  const tutors = useStudioMedia(filter, paging.page, paging.size);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end">
        <CsvExportButton
          fileName={`studio-${status}`}
          fetchPage={(page, size) => fetchStudioPage(filter, page, size)}
          columns={useCsvColumns()}
        />
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:max-w-2xl">
        <TextField label={t('staff.media.search')} hint={t('staff.media.searchHint')} {...search.field} />
        <SelectField
          label={t('staff.media.status')}
          placeholder={false}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as StudioStatus);
            paging.setPage(1);
          }}
          options={[
            { value: 'done', label: t('onboarding.studio.done') },
            { value: 'waiting', label: t('onboarding.studio.waiting') },
          ]}
        />
      </div>
      <PagedTable
        query={tutors}
        caption={t('staff.media.studio')}
        columns={[]}
        renderRows={(list) => (
          <ul className="flex flex-col gap-4">
            {list.map((entry) => (
              <li key={entry.tutor.id}>
                <TutorMedia entry={entry} />
              </li>
            ))}
          </ul>
        )}
        rowKey={(entry) => entry.tutor.id}
        empty={t('staff.media.studioEmpty')}
        loadError={t('staff.media.loadError')}
        page={paging.page}
        pageSize={paging.size}
        onPage={paging.setPage}
        onPageSize={paging.setSize}
      />
    </div>
  );
}

function useCsvColumns() {
  const { t } = useI18n();
  const present = (src: string | null | undefined) => t(src ? 'staff.media.uploaded' : 'staff.media.missing');
  return [
    { header: '#', value: (e: StudioTutor) => e.tutor.id },
    { header: t('staff.media.tutor'), value: (e: StudioTutor) => e.tutor.name },
    { header: t('staff.media.email'), value: (e: StudioTutor) => e.tutor.email },
    { header: t('staff.media.phone'), value: (e: StudioTutor) => e.tutor.phone },
    { header: t('staff.media.sessionDone'), value: (e: StudioTutor) => e.photoSession.completedAt },
    { header: t('staff.media.avatar'), value: (e: StudioTutor) => present(e.tutor.image) },
    { header: t('staff.media.thumbnail'), value: (e: StudioTutor) => present(e.meta.thumbnail) },
    { header: t('staff.media.introVideo'), value: (e: StudioTutor) => present(e.meta.video) },
  ];
}

/** One of the studio's files, or a note that it is missing. */
function MediaItem({
  label,
  src,
  children,
}: {
  label: string;
  src: string | null | undefined;
  children: (url: string) => ReactNode;
}) {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-2">
      <dt className="text-sm font-semibold">{label}</dt>
      <dd>{src ? children(api.url(src)) : <p className="text-sm text-muted">{t('staff.media.missing')}</p>}</dd>
    </div>
  );
}

function TutorMedia({ entry: { tutor, meta } }: { entry: StudioTutor }) {
  const { t } = useI18n();
  return (
    <Card className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <Avatar name={tutor.name} src={tutor.image} size="sm" decorative />
        <h3 className="min-w-0 flex-1 font-bold text-ink">{tutor.name}</h3>
        <Link
          to={paths.photoSession.href(tutor.id)}
          aria-label={t('staff.media.replaceFor', { name: tutor.name })}
          className="font-semibold text-primary-700 underline"
        >
          {t('staff.media.replace')}
        </Link>
      </div>
      <dl className="grid gap-4 sm:grid-cols-3">
        <MediaItem label={t('staff.media.avatar')} src={tutor.image}>
          {(src) => <img src={src} alt={t('staff.media.avatar')} className="size-32 rounded-lg object-cover" />}
        </MediaItem>
        <MediaItem label={t('staff.media.thumbnail')} src={meta.thumbnail}>
          {(src) => (
            <img src={src} alt={t('staff.media.thumbnail')} className="aspect-video w-full rounded-lg object-cover" />
          )}
        </MediaItem>
        <MediaItem label={t('staff.media.introVideo')} src={meta.video}>
          {(src) => (
            // biome-ignore lint/a11y/useMediaCaption: the studio's one-minute introduction, shown for checking
            <video
              src={src}
              poster={meta.thumbnail ? api.url(meta.thumbnail) : undefined}
              controls
              preload="metadata"
              aria-label={t('staff.media.videoLabel', { name: tutor.name })}
              className="aspect-video w-full rounded-lg bg-black"
            />
          )}
        </MediaItem>
      </dl>
    </Card>
  );
}
