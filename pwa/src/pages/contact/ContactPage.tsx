// /contact: Contact Us. The message goes to the network's staff through the support messages call
// (POST /api/support); someone not signed in also gives their name and e-mail so staff can answer.

import {
  type SupportContact,
  type SupportContactInput,
  supportContactSchema,
  visitorContactSchema,
} from '@printfarm/domain/support';
import { useState } from 'react';
import { useCurrentUser } from '../../api/auth.ts';
import { useSendSupportMessage } from '../../api/support.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { SupportMessageFields } from '../../components/form/support.tsx';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { MESSAGE_SENT } from '../../components/outcomes.ts';
import { Button } from '../../components/ui/button.tsx';
import { EmailField, TextField } from '../../components/ui/form-field.tsx';
import { SubmitRow } from '../../components/ui/formDialogFooter.tsx';
import { Container } from '../../components/ui/layout.tsx';
import { SiteLayout } from '../SiteLayout.tsx';
import './contact.css';

type Form = Required<SupportContactInput>;
const EMPTY: Form = { name: '', email: '', subject: '', message: '' };

export default function ContactPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <SiteLayout>
      <title>Contact Us · PrintFarm Network</title>
      <meta name="description" content="Write to the PrintFarm Network team; we answer by e-mail." />
      <Container size="narrow" className="contact">
        <header className="contact__header">
          <h1>Contact Us</h1>
          <p>
            Questions about an order, a print request or joining the network? Write to us and our team answers
            by e-mail, usually within one business day. Many answers are already in the{' '}
            <AppLink to="/faq">FAQ</AppLink>.
          </p>
        </header>
        {sentTo ? (
          <section className="contact__sent" role="status" aria-labelledby="contact-sent">
            <h2 id="contact-sent">Thank you! Your message is on its way.</h2>
            <p>Our team will answer you at {sentTo}.</p>
            <Button variant="outline" onClick={() => setSentTo(null)}>
              Send another message
            </Button>
          </section>
        ) : (
          <ContactForm onSent={setSentTo} />
        )}
      </Container>
    </SiteLayout>
  );
}

function ContactForm({ onSent }: { onSent: (email: string) => void }) {
  const { user } = useCurrentUser();
  const send = useSendSupportMessage(MESSAGE_SENT);
  // A signed-in sender is their account; a visitor's form also needs a name and an e-mail.
  const form = useDomainForm(user ? supportContactSchema : visitorContactSchema, {
    defaultValues: EMPTY,
    shouldFocusError: true,
  });

  const onValid = (input: SupportContact) =>
    send.mutate(user ? { subject: input.subject, message: input.message } : input, {
      onSuccess: () => onSent(user?.email ?? input.email ?? ''),
      onError: (error) => form.applyServerErrors(error, { toast: { title: 'Message not sent' } }),
    });

  return (
    <form className="contact__form" onSubmit={form.handleSubmit(onValid)} noValidate aria-label="Contact us">
      {user ? (
        <p className="contact__sender">
          Sending as <strong>{user.email}</strong>
        </p>
      ) : (
        <div className="form-grid">
          <TextField label="Your name" required {...form.field('name')} autoComplete="name" />
          <EmailField label="Your e-mail" required {...form.field('email')} />
        </div>
      )}
      <SupportMessageFields field={form.field} rows={7} />
      <SubmitRow className="contact__actions" pending={send.isPending}>
        Send Message
      </SubmitRow>
    </form>
  );
}
