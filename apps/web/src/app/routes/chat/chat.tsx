import { registerMessages } from '@darsak/ui/i18n';
import { realtimeMessages } from '@darsak/ui/i18n/features/realtime.ar.ts';
import { ChatPage } from '../../../features/chat/components/chat-page.tsx';

// This page's catalogues ride in its chunk; the router awaits their other languages (app/messages.ts).
void registerMessages(realtimeMessages);

/** /chat (spec §2): rooms, pinned and all, search, and a room's messages. */
export function ChatRoutePage() {
  return <ChatPage />;
}
