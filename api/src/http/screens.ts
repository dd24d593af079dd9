// Signed-in screens rendered on the server, with the viewer's data, on a visit the service worker does not
// answer (a first visit, or a link opened from an e-mail on a new device): the page's HTML then shows the
// request before any JavaScript has run, instead of a spinner while the app, then the session, then the
// request load one after another. The app's server entry (pwa/src/entry-server.tsx, kept in the build's
// .server folder) renders each screen into the template the build made of its loading frame, and puts
// the answers it was drawn from into the page for the app to start from.
//
// Each screen reads exactly what its page would ask the API for first, with the same readers as those
// API routes, under the query keys the app reads them with (the API path, split). Anyone the screen is
// not for (signed out, not theirs, no such record) gets the loading frame, and the app says why as usual.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isUuid } from '@printfarm/domain/ids';
import { OFFER_STATUSES } from '@printfarm/domain/requestStatus';
import { currentUser, type SessionUser } from '../auth/guards.ts';
import { presentUser } from '../auth/session.ts';
import type { ApiDeps } from '../deps.ts';
import { presentOffer } from '../presenters/offer.ts';
import { printRequestReader } from '../routes/printRequests.ts';
import { listOffers } from '../services/offers.ts';
import type { AppContext } from './context.ts';
import { HttpError } from './errors.ts';

/** One API answer under the query key the app reads it with (the API path, split: pwa/src/api/request.ts). */
export interface ScreenAnswer {
  key: readonly unknown[];
  data: unknown;
}

/** What a screen's page asks the API for first, read for `user`; null when the screen is not theirs. */
type ScreenReader = (user: SessionUser, param: string) => Promise<ScreenAnswer[] | null>;

interface ServerEntry {
  renderScreen(template: string, url: string, answers: readonly ScreenAnswer[]): Promise<string>;
}

export interface Screens {
  /** Whether the API renders this route (a path of the app's route table) itself. */
  renders(route: string): boolean;
  /** The screen's page for this request: rendered with its data, or its loading frame. */
  page(ctx: AppContext, route: string, param: string | null): Promise<string>;
}

function screenReaders(deps: Pick<ApiDeps, 'prisma' | 'networkPrinters'>): Record<string, ScreenReader> {
  const readRequest = printRequestReader(deps);
  return {
    '/dashboard/requests/:requestId': async (user, id) => {
      if (!isUuid(id)) return null;
      const request = await readRequest(user, id).catch((error: unknown) => {
        if (error instanceof HttpError && error.status === 404) return null;
        throw error;
      });
      if (!request) return null;
      const answers: ScreenAnswer[] = [
        { key: ['/api/auth/user'], data: presentUser(user) },
        { key: ['/api/print-requests', id], data: request },
      ];
      if ((OFFER_STATUSES as readonly string[]).includes(request.status)) {
        const offers = await listOffers(deps.prisma, user, id);
        answers.push({ key: ['/api/print-requests', id, 'offers'], data: offers.map(presentOffer) });
      }
      return answers;
    },
  };
}

interface Build {
  stamp: number;
  templates: Record<string, string>;
  entry: Promise<ServerEntry>;
}

/**
 * The screens of the build in `distDir`, read again when a new build is put there. A build without a
 * server entry renders none: their paths are then answered with the app's shell, as every other screen's.
 */
export function createScreens(distDir: string, deps: Pick<ApiDeps, 'prisma' | 'networkPrinters'>): Screens {
  const serverDir = path.join(distDir, '.server');
  const templatesFile = path.join(serverDir, 'screens.json');
  const readers = screenReaders(deps);
  let build: Build | null = null;

  function current(): Build | null {
    const stamp = statSync(templatesFile, { throwIfNoEntry: false })?.mtimeMs;
    if (stamp === undefined) return null;
    if (build?.stamp !== stamp) {
      const templates = JSON.parse(readFileSync(templatesFile, 'utf8')) as Record<string, string>;
      for (const route of Object.keys(templates)) {
        if (!readers[route])
          throw new Error(`The app renders ${route} on the server, but nothing reads its data`);
      }
      // A new file name for each build: a module once imported stays in Node's cache under its URL.
      const url = `${pathToFileURL(path.join(serverDir, 'entry-server.js')).href}?build=${stamp}`;
      build = { stamp, templates, entry: import(url) as Promise<ServerEntry> };
    }
    return build;
  }

  return {
    renders: (route) => current()?.templates[route] !== undefined,
    async page(ctx, route, param) {
      const now = current();
      const template = now?.templates[route];
      if (!now || template === undefined) throw new Error(`The build has no template for ${route}`);
      const user = currentUser(ctx);
      const read = readers[route];
      const answers = user && read && param !== null ? await read(user, param) : null;
      if (!answers) return template;
      try {
        return await (await now.entry).renderScreen(template, ctx.url, answers);
      } catch (error) {
        // The app renders the screen itself from the frame, as it does for anyone else: slower, not lost.
        ctx.state.log.error({ err: error, route }, 'screen could not be rendered on the server');
        return template;
      }
    },
  };
}
