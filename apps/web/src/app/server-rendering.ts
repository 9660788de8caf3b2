import { jsonInHtml } from '@darsak/domain/common';
import type { User } from '@darsak/domain/users';
import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/**
 * What a server-rendered page carries for its hydration (entry-server.tsx writes it, start.tsx reads it): the
 * router's state and the API answers the page was rendered with, so the browser's first render is the server's.
 */
export interface ServerRendering {
  router: HydrationState;
  queries: DehydratedState;
  /** A signed-in page's reader, as the server read her (a public page is rendered signed out). */
  signedIn?: User;
}

/** A JSON data block, not a script: the pages' Content-Security-Policy runs no inline script. */
const ELEMENT_ID = 'server-rendering';

/** The data block, safe inside HTML: no `<` can close it early. */
export const serverRenderingBlock = (rendering: ServerRendering): string =>
  `<script type="application/json" id="${ELEMENT_ID}">${jsonInHtml(rendering)}</script>`;

/** The page's data block, if the server rendered it. */
export function readServerRendering(): ServerRendering | undefined {
  const text = document.getElementById(ELEMENT_ID)?.textContent;
  return text ? (JSON.parse(text) as ServerRendering) : undefined;
}
