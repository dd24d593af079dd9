// The 'Stay Updated' box: subscribes with double opt-in (the e-mail's link confirms).
import { valibotResolver } from '@hookform/resolvers/valibot';
import { type NewsletterSubscribe, newsletterSubscribeSchema } from '@printfarm/domain/newsletter';
import { type Resolver, useForm } from 'react-hook-form';
import { useNewsletterSubscribe } from '../../api/newsletter.ts';
import { errorMessage, fieldErrors } from '../../api/request.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { toast } from '../../components/ui/toast.tsx';

const resolver = valibotResolver(newsletterSubscribeSchema) as unknown as Resolver<
  { email: string },
  unknown,
  NewsletterSubscribe
>;

export function StayUpdated() {
  const subscribe = useNewsletterSubscribe();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<{ email: string }, unknown, NewsletterSubscribe>({
    resolver,
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit((input) =>
    subscribe.mutate(input, {
      onSuccess: (answer) => {
        toast({
          title: answer.status === 'confirmed' ? 'Already subscribed' : 'Almost there!',
          description: answer.message,
        });
        reset();
      },
      onError: (error) => {
        const emailError = fieldErrors(error).email;
        if (emailError) setError('email', { message: emailError });
        toast({ title: 'Subscription failed', description: errorMessage(error), variant: 'destructive' });
      },
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
          {...register('email')}
        />
        <Button type="submit" loading={subscribe.isPending}>
          Subscribe
        </Button>
      </form>
      {errors.email?.message && (
        <p id="newsletter-email-error" className="field__error" role="alert">
          {errors.email.message}
        </p>
      )}
      <p className="blog-subscribe__fineprint">We send a confirmation link first. Unsubscribe any time.</p>
    </aside>
  );
}
