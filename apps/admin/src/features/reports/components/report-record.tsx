import { errorCodeOf, readExportedLog } from '@darsak/client';
import { REPORT_NOTE_MAX_LENGTH, REPORT_STATUSES, type Report, type ReportStatus } from '@darsak/domain/reports';
import { Alert, Button, Card, Dialog, SelectField, Spinner, TextareaField, useToast } from '@darsak/ui';
import { useI18n } from '@darsak/ui/i18n';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { downloadText } from '../../../lib/csv.ts';
import { usePrivateImage, usePrivateText, useUpdateReport } from '../hooks/use-reports.ts';
import { ReportStatusBadge } from './report-status.tsx';

/** What the reporter wrote, who they are, where they were and where the report stands. */
export function ReportDetails({ report }: { report: Report }) {
  const { t, format } = useI18n();
  const reporter = report.reporterName ?? t('reports.admin.deletedUser');
  return (
    <Card title={report.title}>
      <div className="flex flex-col gap-4">
        <p className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted">
          <ReportStatusBadge status={report.status} />
          {report.reporterId === null ? (
            <span>{reporter}</span>
          ) : (
            <Link className="text-primary-700 underline" to={paths.user.href(report.reporterId)}>
              {reporter}
            </Link>
          )}
          <span>{format.dateTime(report.createdAt)}</span>
          {report.page && (
            <span>
              {t('reports.detail.page')}: <bdi dir="ltr">{report.page}</bdi>
            </span>
          )}
        </p>
        <div>
          <h3 className="text-sm text-muted">{t('reports.detail.description')}</h3>
          <p className="whitespace-pre-wrap">{report.description}</p>
        </div>
        {report.note && (
          <div>
            <h3 className="text-sm text-muted">
              {t('reports.detail.note')}
              {report.resolvedAt && ` — ${format.dateTime(report.resolvedAt)}`}
            </h3>
            <p className="whitespace-pre-wrap">{report.note}</p>
          </div>
        )}
      </div>
    </Card>
  );
}

/** The screenshot as the reporter sent it (with their black covers), fetched with the staff member's token. */
export function ReportScreenshot({ url }: { url: string | null }) {
  const { t } = useI18n();
  const image = usePrivateImage(url);
  return (
    <Card title={t('reports.detail.screenshot')}>
      {url === null ? (
        <p className="text-muted">{t('reports.detail.noScreenshot')}</p>
      ) : image.isPending ? (
        <Spinner className="size-6 text-primary-600" label={t('common.loading')} />
      ) : image.isError ? (
        <Alert tone="error">{t('reports.detail.fileError')}</Alert>
      ) : (
        <a href={image.data} target="_blank" rel="noopener">
          <img
            src={image.data}
            alt={t('reports.detail.screenshotAlt')}
            className="max-h-[70vh] rounded-lg border border-line"
          />
        </a>
      )}
    </Card>
  );
}

const LEVEL_CLASSES = { info: 'text-ink', warn: 'text-amber-800', error: 'font-semibold text-red-700' } as const;

/** The exported log, readable: its header as facts, then one row an event, all or only warnings and errors. */
export function ReportLog({ url, reportId }: { url: string | null; reportId: number }) {
  const { t } = useI18n();
  const text = usePrivateText(url);
  const [problemsOnly, setProblemsOnly] = useState(false);
  const log = useMemo(() => (text.data === undefined ? undefined : readExportedLog(text.data)), [text.data]);
  const lines = log?.lines.filter((line) => !problemsOnly || !('entry' in line) || line.entry.level !== 'info');
  return (
    <Card
      title={t('reports.detail.log')}
      actions={
        text.data !== undefined && (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => downloadText(`report-${reportId}-log.txt`, text.data ?? '', 'text/plain;charset=utf-8')}
          >
            {t('reports.detail.logDownload')}
          </Button>
        )
      }
    >
      {url === null ? (
        <p className="text-muted">{t('reports.detail.noLog')}</p>
      ) : text.isPending ? (
        <Spinner className="size-6 text-primary-600" label={t('common.loading')} />
      ) : text.isError || !log || !lines ? (
        <Alert tone="error">{t('reports.detail.fileError')}</Alert>
      ) : (
        <div className="flex flex-col gap-4">
          <dl dir="ltr" className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
            {log.header.map(([key, value]) => (
              <div key={key} className="contents">
                <dt className="text-muted">{key}</dt>
                <dd className="break-all">{value}</dd>
              </div>
            ))}
          </dl>
          <SelectField
            label={t('reports.detail.logLevel')}
            placeholder={false}
            value={problemsOnly ? 'problems' : 'all'}
            onChange={(event) => setProblemsOnly(event.target.value === 'problems')}
            options={[
              { value: 'all', label: t('reports.detail.logAll') },
              { value: 'problems', label: t('reports.detail.logProblems') },
            ]}
          />
          {lines.length === 0 ? (
            <p className="text-muted">{t('reports.detail.logEmpty')}</p>
          ) : (
            <div dir="ltr" className="max-h-[28rem] overflow-auto rounded-lg border border-line">
              <table className="w-full min-w-[36rem] text-start font-mono text-xs">
                <thead className="sticky top-0 bg-stone-50">
                  <tr>
                    <th className="p-2 text-start">{t('reports.detail.logTime')}</th>
                    <th className="p-2 text-start">{t('reports.detail.logLevel')}</th>
                    <th className="p-2 text-start">{t('reports.detail.logSource')}</th>
                    <th className="p-2 text-start">{t('reports.detail.logMessage')}</th>
                  </tr>
                </thead>
                <tbody>
                  {lines.map((line, i) =>
                    'entry' in line ? (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a log's lines never move
                      <tr key={i} className={`border-t border-line ${LEVEL_CLASSES[line.entry.level]}`}>
                        <td className="whitespace-nowrap p-2">{line.entry.at.replace('T', ' ').slice(0, 23)}</td>
                        <td className="p-2 uppercase">{line.entry.level}</td>
                        <td className="whitespace-nowrap p-2">{line.entry.source}</td>
                        <td className="break-all p-2">{line.entry.message}</td>
                      </tr>
                    ) : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a log's lines never move
                      <tr key={i} className="border-t border-line">
                        <td colSpan={4} className="break-all p-2">
                          {line.text}
                        </td>
                      </tr>
                    ),
                  )}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </Card>
  );
}

/**
 * An admin moves the report (open, in progress, resolved); resolving needs a note, which the reporter receives.
 * The change is confirmed first, saying whether the reporter will be told.
 */
export function ReportStatusForm({ report }: { report: Report }) {
  const { t, errorMessage, fieldMessage } = useI18n();
  const { toast } = useToast();
  const update = useUpdateReport(report.id);
  const [status, setStatus] = useState<ReportStatus>(report.status);
  const [note, setNote] = useState(report.note ?? '');
  const [confirming, setConfirming] = useState(false);
  const [noteError, setNoteError] = useState<string | undefined>();
  const resolving = status === 'resolved';

  const ask = () => {
    if (resolving && !note.trim()) return setNoteError(fieldMessage('required'));
    setNoteError(undefined);
    setConfirming(true);
  };
  const save = () =>
    update
      .mutateAsync({ status, ...(note.trim() ? { note: note.trim() } : {}) })
      .then(() => toast({ type: 'success', title: t('reports.detail.saved') }))
      .catch(() => undefined)
      .finally(() => setConfirming(false));

  return (
    <Card title={t('reports.detail.change')}>
      <div className="flex flex-col gap-4">
        {update.isError && <Alert tone="error">{errorMessage(errorCodeOf(update.error))}</Alert>}
        <SelectField
          label={t('reports.detail.newStatus')}
          placeholder={false}
          value={status}
          onChange={(event) => setStatus(event.target.value as ReportStatus)}
          options={REPORT_STATUSES.map((s) => ({ value: s, label: t(`reports.status.${s}`) }))}
        />
        <TextareaField
          label={t('reports.detail.noteLabel')}
          hint={t('reports.detail.noteHint')}
          required={resolving}
          rows={3}
          maxLength={REPORT_NOTE_MAX_LENGTH}
          value={note}
          error={noteError}
          onChange={(event) => setNote(event.target.value)}
        />
        <div>
          <Button onClick={ask}>{t('reports.detail.save')}</Button>
        </div>
      </div>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        size="sm"
        title={t('reports.detail.confirmTitle')}
        description={
          resolving
            ? t('reports.detail.confirmResolve')
            : t('reports.detail.confirmMove', { status: t(`reports.status.${status}`) })
        }
      >
        <div className="flex flex-wrap gap-3">
          <Button loading={update.isPending} onClick={() => void save()}>
            {t('reports.detail.save')}
          </Button>
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            {t('common.cancel')}
          </Button>
        </div>
      </Dialog>
    </Card>
  );
}
