import { render } from '@testing-library/react';
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
  useSession,
  useUserMeta,
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

const rendered: Record<string, number> = {};
const counted = (name: string) => {
  rendered[name] = (rendered[name] ?? 0) + 1;
};
function ShowsUser() {
  counted('user');
  return <p>{useCurrentUser()?.name}</p>;
}
function ShowsMeta() {
  counted('meta');
  return <p>{useUserMeta() ? 'meta' : 'none'}</p>;
}
function ShowsSignedIn() {
  counted('signedIn');
  return <p>{useSession((state) => state.token !== null) ? 'in' : 'out'}</p>;
}
function ShowsToken() {
  counted('token');
  return <p>{useAuth().token}</p>;
}

describe('the session read in parts', () => {
  it('a token refreshed re-renders only what reads the token, not what shows her or that she is signed in', () => {
    authStore.signIn({ token: fakeToken(student.id), user: student });
    for (const name of Object.keys(rendered)) delete rendered[name];
    render(
      <>
        <ShowsUser />
        <ShowsMeta />
        <ShowsSignedIn />
        <ShowsToken />
      </>,
    );
    // the refresh at start: a new token, the same user
    const { user } = authStore.getState();
    if (!user) throw new Error('not signed in');
    act(() => authStore.signIn({ token: tokenExpiringIn(7200), user }));
    expect(rendered).toEqual({ user: 1, meta: 1, signedIn: 1, token: 2 });
    act(() => authStore.signOut());
    expect(rendered).toEqual({ user: 2, meta: 1, signedIn: 2, token: 3 });
  });
});
