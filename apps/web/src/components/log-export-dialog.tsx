import { Button, Card, Dialog, useToast } from '@darsak/ui';
import { useI18n, useT } from '@darsak/ui/i18n';
import { type ReactNode, useState, useSyncExternalStore } from 'react';
import { useCurrentUser } from '../lib/auth-store.ts';
import { clientLog, realtime } from '../lib/realtime.ts';

/** The log as a text file: the header describes the browser and connection, then one event a line. */
export function logFileOf(userId: number | undefined): { name: string; text: string } {
  const now = new Date();
  const stamp = now.toISOString().slice(0, 16).replace(/[-:T]/g, '');
  const connection = realtime.getState();
  const text = clientLog.exportText({
    app: 'darsak-web',
    exportedAt: now.toISOString(),
    user: userId,
    page: typeof window === 'undefined' ? undefined : window.location.pathname,
    userAgent: typeof navigator === 'undefined' ? undefined : navigator.userAgent,
    language: typeof navigator === 'undefined' ? undefined : navigator.language,
    online: typeof navigator === 'undefined' ? undefined : navigator.onLine,
    webrtc: typeof RTCPeerConnection === 'function',
    connection: `${connection.status} (${connection.quality}), connections ${connection.connections}`,
  });
  return { name: `darsak-log-${stamp}.txt`, text };
}

function download({ name, text }: { name: string; text: string }) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The log export of spec §2: downloads the client log (connection events, errors, call states) as a file the
 * user attaches to a problem report. `trigger` replaces the default button.
 */
export function LogExportDialog({ trigger }: { trigger?: ReactNode }) {
  const { t, format } = useI18n();
  const { toast } = useToast();
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const count = useSyncExternalStore(clientLog.subscribe, () => clientLog.entries().length);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t('realtime.log.title')}
      description={t('realtime.log.body')}
      trigger={trigger ?? <Button variant="secondary">{t('realtime.log.open')}</Button>}
    >
      <p className="mb-4 text-sm text-muted">{t('realtime.log.entries', { count: format.number(count) })}</p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => setOpen(false)}>
          {t('common.close')}
        </Button>
        <Button
          onClick={() => {
            download(logFileOf(user?.id));
            toast({ type: 'success', title: t('realtime.log.downloaded') });
            setOpen(false);
          }}
        >
          {t('realtime.log.download')}
        </Button>
      </div>
    </Dialog>
  );
}

/** The settings pages' card for the log export. */
export function LogExportCard() {
  const t = useT();
  return (
    <Card title={t('realtime.log.cardTitle')} description={t('realtime.log.body')}>
      <LogExportDialog />
    </Card>
  );
}
