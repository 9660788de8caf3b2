import { errorCodeOf } from '@darsak/client';
import { type IntroVideo, IntroVideoRejectReason } from '@darsak/domain/interviews';
import { Badge, Button, Card, ConfirmDialog, SelectField, TextField, useToast } from '@darsak/ui';
import { type MessageKey, useI18n } from '@darsak/ui/i18n';
import { useState } from 'react';
import { CsvExportButton } from '../../../components/csv-export-button.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { api } from '../../../lib/api.ts';
import { usePaging } from '../../../lib/use-page-size.ts';
import { useTableSearch } from '../../../lib/use-table-search.ts';
import {
  fetchIntroVideosPage,
  type IntroVideoFilter,
  type IntroVideoStatus,
  useIntroVideos,
  useReviewIntroVideo,
} from '../hooks/use-media.ts';

const STATUSES: readonly IntroVideoStatus[] = ['pending', 'accepted', 'rejected'];
const TONE = { pending: 'info', accepted: 'success', rejected: 'error' } as const;

/** Intro videos, those waiting for review by default: watch each, then accept, or reject with a reason. */
export function IntroVideoQueue() {
  const { t } = useI18n();
  const paging = usePaging('introVideos');
  const search = useTableSearch(paging);
  const [status, setStatus] = useState<IntroVideoStatus | ''>('pending');
  const filter: IntroVideoFilter = { status: status || undefined, q: search.q };
  const videos = useIntroVideos(filter, paging.page, paging.size);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end">
        <CsvExportButton
          fileName="intro-videos"
          fetchPage={(page, size) => fetchIntroVideosPage(filter, page, size)}
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
            setStatus(event.target.value as IntroVideoStatus | '');
            paging.setPage(1);
          }}
          options={[
            { value: '', label: t('staff.filter.all') },
            ...STATUSES.map((s) => ({ value: s, label: t(`onboarding.review.status.${s}` as MessageKey) })),
          ]}
        />
      </div>
      <PagedTable
        query={videos}
        caption={t('staff.media.videos')}
        columns={[]}
        renderRows={(list) => (
          <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            {list.map((video) => (
              <li key={video.id}>
                <VideoCard video={video} />
              </li>
            ))}
          </ul>
        )}
        rowKey={(video) => video.id}
        empty={t('staff.media.videosEmpty')}
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
  return [
    { header: '#', value: (v: IntroVideo) => v.id },
    { header: t('staff.media.tutor'), value: (v: IntroVideo) => v.tutor.name },
    { header: t('staff.media.status'), value: (v: IntroVideo) => t(`onboarding.review.status.${v.status}`) },
    { header: t('staff.media.duration'), value: (v: IntroVideo) => v.durationSeconds },
    { header: t('staff.media.sent'), value: (v: IntroVideo) => v.createdAt },
    { header: t('staff.media.reviewed'), value: (v: IntroVideo) => v.reviewedAt },
    { header: t('staff.media.reason'), value: (v: IntroVideo) => v.reviewNote },
  ];
}

function VideoCard({ video }: { video: IntroVideo }) {
  const { t, format } = useI18n();
  const name = video.tutor.name;
  return (
    <Card className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-bold text-ink">{name}</h3>
        <Badge tone={TONE[video.status]}>{t(`onboarding.review.status.${video.status}`)}</Badge>
      </div>
      {/* biome-ignore lint/a11y/useMediaCaption: an applicant's self-recorded introduction, reviewed as is */}
      <video
        src={api.url(video.url)}
        controls
        preload="metadata"
        aria-label={t('staff.media.videoLabel', { name })}
        className="aspect-video w-full rounded-lg bg-black"
      />
      <p className="text-sm text-muted">
        <time dateTime={video.createdAt}>{t('staff.media.sentAt', { date: format.dateTime(video.createdAt) })}</time>
        {video.reviewedAt && (
          <>
            {' · '}
            <time dateTime={video.reviewedAt}>
              {t('staff.media.reviewedAt', { date: format.dateTime(video.reviewedAt) })}
            </time>
          </>
        )}
      </p>
      {video.reviewNote && (
        <p className="text-sm text-ink">{t('staff.media.rejectReason', { reason: video.reviewNote })}</p>
      )}
      {video.status === 'pending' && <ReviewActions video={video} />}
    </Card>
  );
}

function ReviewActions({ video }: { video: IntroVideo }) {
  const { t, errorMessage } = useI18n();
  const { toast } = useToast();
  const review = useReviewIntroVideo();
  const name = video.tutor.name;
  const accept = () =>
    review.mutateAsync({ id: video.id }).then(
      () => toast({ type: 'success', title: t('onboarding.review.accepted') }),
      (error: unknown) => toast({ type: 'error', title: errorMessage(errorCodeOf(error)) }),
    );
  return (
    <div className="flex flex-wrap gap-2">
      <ConfirmDialog
        trigger={<Button>{t('onboarding.review.accept')}</Button>}
        title={t('staff.media.acceptTitle', { name })}
        description={t('staff.media.acceptBody')}
        confirm={t('onboarding.review.accept')}
        busy={review.isPending}
        onConfirm={accept}
      />
      <ReasonDialog
        danger
        trigger={<Button variant="secondary">{t('onboarding.review.reject')}</Button>}
        title={t('staff.media.rejectTitle', { name })}
        description={t('staff.media.rejectBody')}
        confirm={t('onboarding.review.rejectConfirm')}
        reasonHint={t('staff.media.reasonHint')}
        reasonSchema={IntroVideoRejectReason}
        onConfirm={async (reason) => {
          await review.mutateAsync({ id: video.id, reason });
          toast({ type: 'success', title: t('onboarding.review.rejected') });
        }}
      />
    </div>
  );
}
