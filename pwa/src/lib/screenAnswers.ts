// The API's answers that a server-rendered screen (entry-server.tsx renderScreen) was drawn from, carried
// in the page: the screen's module puts them in the query cache when it loads, which is before the app
// takes the HTML over (main.tsx), so that the app renders the same screen without asking the API first.
import type { QueryClient } from '@tanstack/react-query';
import type { ScreenAnswer } from '../../../api/src/views/index.ts';

/** The id of the JSON script element that carries them. */
export const SCREEN_ANSWERS_ID = 'pf-screen-answers';

export type { ScreenAnswer };

export function seedAnswers(client: QueryClient, answers: readonly ScreenAnswer[]): void {
  for (const { key, data } of answers) client.setQueryData(key, data);
}

/** Seeds `client` from the page's answers, if the server put any there. Once: the element goes. */
export function takeScreenAnswers(client: QueryClient): void {
  const element = document.getElementById(SCREEN_ANSWERS_ID);
  if (!element) return;
  element.remove();
  seedAnswers(client, JSON.parse(element.textContent || '[]') as ScreenAnswer[]);
}
