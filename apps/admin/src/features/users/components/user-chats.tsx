import type { StaffChatRoom } from '@darsak/domain/chat';
import { Card, type TableColumn } from '@darsak/ui';
import { type MessageKey, useI18n } from '@darsak/ui/i18n';
import { Link } from 'react-router';
import { PagedTable } from '../../../components/paged-table.tsx';
import { paths } from '../../../config/paths.ts';
import { usePaging } from '../../../lib/use-page-size.ts';
import { useUserChats } from '../hooks/use-users.ts';

/** The rooms the person is in, latest first: with whom, what kind, how many messages and when the last was sent. */
export function UserChats({ userId }: { userId: number }) {
  const { t, format } = useI18n();
  const paging = usePaging('user-chats');
  const chats = useUserChats(userId, paging.page, paging.size);
  const title = t('staff.user.chats');
  const columns: TableColumn<StaffChatRoom>[] = [
    {
      key: 'with',
      header: t('staff.chats.with'),
      cell: (room) => (
        <span className="flex flex-wrap gap-x-2">
          {room.members
            .filter((m) => m.id !== userId)
            .map((m) => (
              <Link key={m.id} className="text-primary-700 underline" to={paths.user.href(m.id)}>
                {m.name}
              </Link>
            ))}
        </span>
      ),
    },
    {
      key: 'kind',
      header: t('staff.chats.kind'),
      cell: (room) => {
        const kind = t(`staff.chats.kind.${room.type}` as MessageKey);
        // A lesson's chat leads to the lesson, whose page shows the room's timeline.
        return room.lessonId === null ? (
          kind
        ) : (
          <Link className="text-primary-700 underline" to={paths.lesson.href(room.lessonId)}>
            {kind} #{format.number(room.lessonId)}
          </Link>
        );
      },
    },
    { key: 'messages', header: t('staff.chats.messages'), cell: (room) => format.number(room.messageCount) },
    {
      key: 'last',
      header: t('staff.chats.lastMessage'),
      cell: (room) => (room.lastMessageAt ? format.dateTime(room.lastMessageAt) : t('staff.chats.noMessages')),
    },
  ];
  return (
    <Card title={title} description={t('staff.chats.note')}>
      <PagedTable
        query={chats}
        caption={title}
        columns={columns}
        rowKey={(room) => room.id}
        empty={t('staff.chats.empty')}
        loadError={t('staff.chats.loadError')}
        page={paging.page}
        pageSize={paging.size}
        onPage={paging.setPage}
        onPageSize={paging.setSize}
      />
    </Card>
  );
}
