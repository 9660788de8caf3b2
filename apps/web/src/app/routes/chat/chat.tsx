import { ChatPage } from '../../../features/chat/components/chat-page.tsx';

/** /chat (spec §2): rooms, pinned and all, search, and a room's messages. */
export function ChatRoutePage() {
  return <ChatPage />;
}
