// The blog's 'Stay Updated' box: subscribe with double opt-in, then the link from the e-mail confirms.
import { newsletterSubscribeSchema } from '@printfarm/domain/newsletter';
import type { ApiDeps } from '../deps.ts';
import type { AppRouter } from '../http/context.ts';
import { noStore } from '../http/noStore.ts';
import { ipKey } from '../http/rateLimit.ts';
import { validate } from '../http/validate.ts';
import { presentSubscription } from '../presenters/newsletter.ts';
import { confirmSubscription, subscribe } from '../services/newsletter.ts';

export function registerNewsletterRoutes(router: AppRouter, { prisma, config, rateLimits }: ApiDeps): void {
  router.post(
    '/api/newsletter/subscribe',
    rateLimits.limit({ name: 'newsletter-subscribe', points: 10, durationSeconds: 3600, key: ipKey }),
    validate(newsletterSubscribeSchema),
    async (ctx) => {
      const outcome = await subscribe(prisma, ctx.state.input.email, config.PUBLIC_URL);
      ctx.status = outcome === 'subscribed' ? 201 : 200;
      ctx.body = presentSubscription(outcome);
    },
  );

  // Opened from an e-mail, so it always answers with a redirect to the blog, which shows the outcome.
  router.get('/api/newsletter/confirm', noStore, async (ctx) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
    const confirmed = token !== '' && (await confirmSubscription(prisma, token));
    ctx.redirect(confirmed ? '/blog?subscribed=1' : '/blog?subscribed=invalid');
  });
}
