// The answer to a message sent with the Support form or the Contact Us page.

export function presentSupportMessage(message: { id: string }) {
  return { id: message.id, message: 'Thanks! Our team will get back to you by e-mail.' };
}

export type SupportMessageView = ReturnType<typeof presentSupportMessage>;
