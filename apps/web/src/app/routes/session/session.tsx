import { Button } from '@darsak/ui';
import { useT } from '@darsak/ui/i18n';
import { LogExportDialog } from '../../../components/log-export-dialog.tsx';
import { ChatRoomPanel } from '../../../features/chat/components/chat-room-panel.tsx';
import { LiveSessionPage } from '../../../features/live-session/components/session-page.tsx';

/** /session?lessonId=… (spec §2): the live lesson, with the lesson's chat beside the call and the log export. */
export function SessionRoutePage() {
  const t = useT();
  return (
    <LiveSessionPage
      renderChat={(roomId) => <ChatRoomPanel roomId={roomId} />}
      logExport={
        <LogExportDialog
          trigger={
            <Button size="sm" variant="secondary">
              {t('realtime.log.open')}
            </Button>
          }
        />
      }
    />
  );
}
