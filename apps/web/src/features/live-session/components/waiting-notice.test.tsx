import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '../../../app/provider.tsx';
import { makeSessionToken } from '../../../testing/session-fixtures.ts';
import { WaitingNotice } from './waiting-notice.tsx';

const token = makeSessionToken({ joinState: null });

function renderNotice(props: Partial<Parameters<typeof WaitingNotice>[0]>) {
  render(
    <AppProvider queryClient={new QueryClient()}>
      <MemoryRouter>
        <WaitingNotice token={token} joinState={null} isStudent={false} {...props} />
      </MemoryRouter>
    </AppProvider>,
  );
}

describe('WaitingNotice', () => {
  it('waits for a woman who dropped out of the call in the feminine', async () => {
    renderNotice({ presence: 'dropped', peerName: 'منى', peerGender: 'female' });
    expect(await screen.findByText('انقطع اتصال منى، ننتظر عودتها…')).toBeTruthy();
  });

  it('waits for a student who is a woman as الطالبة', async () => {
    renderNotice({ presence: 'absent', peerName: 'منى', peerGender: 'female' });
    expect(await screen.findByText('في انتظار الطالبة')).toBeTruthy();
  });
});
