import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeToken, makeUser } from '../testing/test-utils.tsx';
import {
  authStore,
  hydrateSignedIn,
  keepSessionCookie,
  renderSessionsWith,
  SIGNED_OUT,
  sessionNow,
  useAuth,
  useCurrentUser,
} from './auth-store.ts';

const student = makeUser();
const tokenExpiringIn = (seconds: number) => {
  const now = Math.floor(Date.now() / 1000);
  return `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ id: student.id, iat: now, exp: now + seconds })).replace(/=+$/, '')}.s`;
};
const sessionCookie = () => /(?:^|; )darsak\.session=([^;]*)/.exec(document.cookie)?.[1];

afterEach(() => {
  authStore.reset();
  renderSessionsWith(() => undefined);
});

describe('the session cookie', () => {
  it("is the token's copy while she is signed in, and gone when she signs out", () => {
    const stop = keepSessionCookie();
    expect(sessionCookie()).toBeUndefined();
    const token = fakeToken(student.id);
    authStore.signIn({ token, user: student });
    expect(sessionCookie()).toBe(token);
    const refreshed = tokenExpiringIn(7200);
    authStore.signIn({ token: refreshed, user: student });
    expect(sessionCookie()).toBe(refreshed);
    authStore.signOut();
    expect(sessionCookie()).toBeUndefined();
    stop();
  });

  it('is not written for a token already expired', () => {
    const stop = keepSessionCookie();
    authStore.signIn({ token: tokenExpiringIn(-60), user: student });
    expect(sessionCookie()).toBeUndefined();
    stop();
  });
});

function Greeting() {
  return <p>{useCurrentUser()?.name ?? 'visitor'}</p>;
}

describe('a page rendered on the server', () => {
  it('is rendered for the session it is rendering for, and signed out otherwise', () => {
    expect(renderToString(<Greeting />)).toBe('<p>visitor</p>');
    const session = { ...SIGNED_OUT, token: 'her-token', user: student };
    renderSessionsWith(() => session);
    expect(renderToString(<Greeting />)).toBe(`<p>${student.name}</p>`);
    // and its calls carry her token, not the browser store's
    expect(sessionNow().token).toBe('her-token');
  });
});

let renders = 0;
function Session() {
  renders += 1;
  const { token } = useAuth();
  return <p>{`${useCurrentUser()?.name} ${token ? 'signed in' : 'signed out'}`}</p>;
}

describe('her page rendered on the server, hydrated in her browser', () => {
  it('is not rendered again once hydrated: the session it hydrates from is the one her browser reads', async () => {
    const token = fakeToken(student.id);
    // her stored session, and the same user as the server and the API answer it (equal objects, not the same ones)
    authStore.signIn({ token, user: { ...student } });
    renderSessionsWith(() => ({ ...SIGNED_OUT, token, user: { ...student } }));
    const html = renderToString(<Session />);
    renderSessionsWith(() => undefined);
    expect(html).toBe(`<p>${student.name} signed in</p>`);

    const container = document.createElement('div');
    container.innerHTML = html;
    hydrateSignedIn({ ...student });
    renders = 0;
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Session />, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(container.innerHTML).toBe(html);
    // a second render would be synchronous, of everything that reads the session, in the phone's first seconds
    expect(renders).toBe(1);
  });
});
