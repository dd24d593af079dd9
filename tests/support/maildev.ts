// Reads what really arrived over SMTP, through MailDev's REST API.
import { runEnv } from './env.ts';

export interface ReceivedEmail {
  id: string;
  subject: string;
  text?: string;
  html?: string;
  to: { address: string; name?: string }[];
  headers: Record<string, string>;
}

export async function listEmails(): Promise<ReceivedEmail[]> {
  const response = await fetch(`${runEnv().maildevUrl}/email`);
  if (!response.ok) throw new Error(`MailDev answered ${response.status}`);
  return (await response.json()) as ReceivedEmail[];
}

export async function emailsTo(address: string): Promise<ReceivedEmail[]> {
  const all = await listEmails();
  return all.filter((email) => email.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));
}
