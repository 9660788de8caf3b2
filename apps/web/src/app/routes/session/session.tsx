import { Button } from '@darsak/ui';
import { registerMessages, useT } from '@darsak/ui/i18n';
import { bookingMessages } from '@darsak/ui/i18n/features/booking.ar.ts';
import { realtimeMessages } from '@darsak/ui/i18n/features/realtime.ar.ts';
import { LogExportDialog } from '../../../components/log-export-dialog.tsx';
import { SupportLinks } from '../../../components/support-links.tsx';
import { ChatRoomPanel } from '../../../features/chat/components/chat-room-panel.tsx';
import { LiveSessionPage } from '../../../features/live-session/components/session-page.tsx';
import { ReportProblemButton } from '../../../features/reports/components/report-problem-button.tsx';

// This page's catalogues ride in its chunk; the router awaits their other languages (app/messages.ts).
void registerMessages(bookingMessages, realtimeMessages);

/**
 * /session?lessonId=… (spec §2): the live lesson, with the lesson's chat beside the call, the log export and the
 * problem report.
 */
export function SessionRoutePage() {
  const t = useT();
  return (
    <LiveSessionPage
      renderChat={(roomId) => <ChatRoomPanel roomId={roomId} />}
      logExport={
        <div className="flex flex-wrap gap-2">
          <LogExportDialog
            trigger={
              <Button size="sm" variant="secondary">
                {t('realtime.log.open')}
              </Button>
            }
          />
          <ReportProblemButton />
          {/* A light pill: readable both above the ready screen and in the call's dark controls bar. */}
          <SupportLinks className="rounded-full bg-surface px-3 py-1" />
        </div>
      }
    />
  );
}
