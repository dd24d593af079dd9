// The 'Stay Updated' box: subscribes with double opt-in (the e-mail's link confirms).
import { newsletterSubscribeSchema } from '@printfarm/domain/newsletter';
import { useNewsletterSubscribe } from '../../api/newsletter.ts';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { Button } from '../../components/ui/button.tsx';
import { FieldMessage } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { toast } from '../../components/ui/toast.tsx';

export function StayUpdated() {
  const subscribe = useNewsletterSubscribe();
  const form = useDomainForm(newsletterSubscribeSchema, {
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((input) =>
    subscribe.mutate(input, {
      onSuccess: (answer) => {
        toast({
          title: answer.status === 'confirmed' ? 'Already subscribed' : 'Almost there!',
          description: answer.message,
        });
        form.reset();
      },
      onError: (error) => form.applyServerErrors(error, { toast: { title: 'Subscription failed' } }),
    }),
  );

  return (
    <aside className="blog-subscribe" aria-labelledby="stay-updated-heading">
      <h2 id="stay-updated-heading">Stay Updated</h2>
      <p>New articles on materials, pricing and running a print farm, straight to your inbox.</p>
      <form onSubmit={onSubmit} noValidate className="blog-subscribe__form">
        <label htmlFor="newsletter-email" className="sr-only">
          Email address
        </label>
        <Input
          id="newsletter-email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'newsletter-email-error' : undefined}
          {...form.register('email')}
        />
        <Button type="submit" loading={subscribe.isPending}>
          Subscribe
        </Button>
      </form>
      <FieldMessage id="newsletter-email-error" error={errors.email?.message} />
      <p className="blog-subscribe__fineprint">We send a confirmation link first. Unsubscribe any time.</p>
    </aside>
  );
}
