import { REPORT_DESCRIPTION_MAX_LENGTH, REPORT_TITLE_MAX_LENGTH, reportsContract } from '@darsak/domain/reports';
import {
  Alert,
  Button,
  ChipCheckbox,
  Dialog,
  Form,
  FormActions,
  FormError,
  TextareaField,
  TextField,
  useToast,
} from '@darsak/ui';
import { registerMessages, useI18n } from '@darsak/ui/i18n';
import { reportsMessages } from '@darsak/ui/i18n/features/reports.ar.ts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'react-router';
import { logFileOf } from '../../../components/log-export-dialog.tsx';
import { api } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/auth-store.ts';
import { applyServerFieldErrors, formResolver, useErrorText, useFieldErrorText } from '../../../lib/forms.ts';
import { type Cover, captureScreen, coveredPng, SCREENSHOT_SKIP } from '../lib/screenshot.ts';
import { ScreenshotCovers } from './screenshot-covers.tsx';

// The reports' catalogue rides with the dialog (the user menu's chunk, the live lesson's page), not in the entry;
// the user menu awaits its other languages before showing the dialog (app/messages.ts).
void registerMessages(reportsMessages);

const resolver = formResolver((forms) => forms.ReportTextForm);
type TextForm = { title: string; description: string };

type Screen =
  | { status: 'capturing' }
  | { status: 'failed' }
  | { status: 'ready'; canvas: HTMLCanvasElement; url: string };

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/** A capture that takes longer than this gives up: the report is what matters, the screenshot is optional. */
const CAPTURE_TIMEOUT_MS = 8000;

function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('capture timed out')), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * The screen as it was when the report was asked for: taken before the dialog opens (after the menu that opened
 * it has closed), so neither appears in it.
 */
function useScreenAtOpen(open: boolean): Screen {
  const [screen, setScreen] = useState<Screen>({ status: 'capturing' });
  useEffect(() => {
    if (!open) return;
    let current = true;
    setScreen({ status: 'capturing' });
    (async () => {
      await nextFrame();
      await nextFrame();
      const root = document.getElementById('root');
      if (!root) throw new Error('#root is missing');
      const canvas = await withinTime(captureScreen(root), CAPTURE_TIMEOUT_MS);
      if (current) setScreen({ status: 'ready', canvas, url: canvas.toDataURL('image/png') });
    })().catch(() => current && setScreen({ status: 'failed' }));
    return () => {
      current = false;
    };
  }, [open]);
  return screen;
}

/** The report as sent: its fields first (so a refusal comes before any file), then the chosen attachments. */
async function reportBody(
  fields: TextForm & { page: string },
  screenshot: { canvas: HTMLCanvasElement; covers: readonly Cover[] } | null,
  log: { name: string; text: string } | null,
): Promise<FormData> {
  const body = new FormData();
  body.append('report', new Blob([JSON.stringify(fields)], { type: 'application/json' }), 'report.json');
  if (screenshot) body.append('screenshot', await coveredPng(screenshot.canvas, screenshot.covers), 'screenshot.png');
  if (log) body.append('log', new Blob([log.text], { type: 'text/plain;charset=utf-8' }), log.name);
  return body;
}

/**
 * "Report a problem" (issue 15): a title and description, the screenshot of what the user sees (shown for
 * consent, with parts they can black out) and the exported client log, both optional, sent with progress.
 */
export function ReportProblemDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, format } = useI18n();
  const fieldText = useFieldErrorText();
  const errorText = useErrorText();
  const { toast } = useToast();
  const user = useCurrentUser();
  const location = useLocation();
  const screen = useScreenAtOpen(open);
  const [covers, setCovers] = useState<Cover[]>([]);
  const [withScreenshot, setWithScreenshot] = useState(true);
  const [withLog, setWithLog] = useState(true);
  const [log, setLog] = useState(() => logFileOf(user?.id));
  const [progress, setProgress] = useState(0);
  const abort = useRef<AbortController | null>(null);
  const form = useForm({ resolver, defaultValues: { title: '', description: '' } });
  const { errors } = form.formState;

  const send = useMutation({
    mutationFn: async (fields: TextForm) => {
      const shot = withScreenshot && screen.status === 'ready' ? { canvas: screen.canvas, covers } : null;
      const page = `${location.pathname}${location.search}`.slice(0, 300);
      const body = await reportBody({ ...fields, page }, shot, withLog ? log : null);
      abort.current = new AbortController();
      setProgress(0);
      return api.callRoute(reportsContract.create, {
        body,
        signal: abort.current.signal,
        onUploadProgress: setProgress,
      });
    },
  });

  // Every opening starts afresh with the log as it is now; what is shown is exactly what is sent.
  useEffect(() => {
    if (!open) return;
    setLog(logFileOf(user?.id));
    setCovers([]);
    setWithScreenshot(true);
    setWithLog(true);
    form.reset();
    send.reset();
  }, [open, user?.id, form, send.reset]);

  const submit = form.handleSubmit(async (fields) => {
    try {
      const report = await send.mutateAsync(fields);
      toast({
        type: 'success',
        title: t('reports.sent'),
        description: t('reports.sentBody', { id: format.number(report.id) }),
      });
      onOpenChange(false);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ['title', 'description']);
    }
  });

  const logCount = log.text.split('\n').filter((line) => line && !line.startsWith('#')).length;
  if (open && screen.status === 'capturing') {
    return (
      <p
        role="status"
        {...{ [SCREENSHOT_SKIP]: '' }}
        className="fixed inset-x-0 bottom-6 z-50 mx-auto w-fit rounded-full bg-ink px-4 py-2 text-sm text-white shadow-lg"
      >
        {t('reports.capturing')}
      </p>
    );
  }
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('reports.dialog.title')}
      description={t('reports.dialog.description')}
      size="lg"
    >
      <Form data-schema-form onSubmit={submit}>
        <FormError message={send.error ? errorText(send.error) : undefined} />
        <TextField
          label={t('reports.field.title')}
          hint={t('reports.field.titleHint')}
          required
          maxLength={REPORT_TITLE_MAX_LENGTH}
          error={fieldText(errors.title)}
          {...form.register('title')}
        />
        <TextareaField
          label={t('reports.field.description')}
          hint={t('reports.field.descriptionHint')}
          required
          rows={4}
          maxLength={REPORT_DESCRIPTION_MAX_LENGTH}
          error={fieldText(errors.description)}
          {...form.register('description')}
        />
        {screen.status === 'failed' ? (
          <Alert tone="info">{t('reports.screenshot.failed')}</Alert>
        ) : (
          screen.status === 'ready' && (
            <section className="flex flex-col gap-2">
              <ChipCheckbox
                label={t('reports.screenshot.attach')}
                checked={withScreenshot}
                onChange={(event) => setWithScreenshot(event.target.checked)}
              />
              {withScreenshot && (
                <>
                  <p className="text-sm text-muted">{t('reports.screenshot.hint')}</p>
                  <ScreenshotCovers src={screen.url} covers={covers} onCoversChange={setCovers} />
                </>
              )}
            </section>
          )
        )}
        <section className="flex flex-col gap-2">
          <ChipCheckbox
            label={t('reports.log.attach', { count: format.number(logCount) })}
            checked={withLog}
            onChange={(event) => setWithLog(event.target.checked)}
          />
          {withLog && (
            <details className="text-sm">
              <summary className="cursor-pointer text-primary-700 underline">{t('reports.log.show')}</summary>
              <p className="my-2 text-muted">{t('reports.log.hint')}</p>
              <pre dir="ltr" className="max-h-48 overflow-auto rounded-lg bg-stone-50 p-3 text-xs">
                {log.text}
              </pre>
            </details>
          )}
        </section>
        {send.isPending ? (
          <div className="flex flex-col gap-2">
            <progress
              className="h-3 w-full overflow-hidden rounded-full accent-primary-600"
              max={1}
              value={progress}
              aria-label={t('reports.progressLabel')}
            />
            <div className="flex items-center gap-3">
              <span className="text-sm" aria-live="polite">
                {t('reports.progress', { percent: format.number(progress, { style: 'percent' }) })}
              </span>
              <Button size="sm" variant="ghost" onClick={() => abort.current?.abort()}>
                {t('reports.cancelUpload')}
              </Button>
            </div>
          </div>
        ) : (
          <FormActions>
            <Button type="submit">{t('reports.send')}</Button>
            <Button variant="ghost" onClick={() => onOpenChange(false)}>
              {t('common.cancel')}
            </Button>
          </FormActions>
        )}
      </Form>
    </Dialog>
  );
}
