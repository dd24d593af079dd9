// What the fuzz saw: how many requests, a histogram of statuses, the time spent per route, and every
// answer that breaks the API's promises, kept for the assertions and the summary the lead quotes.
import { type Answer, messageProblem } from './client.ts';
import type { PlannedRequest } from './requestPlan.ts';

export interface Finding {
  request: string;
  answer: string;
}

const describeRequest = (request: PlannedRequest) =>
  `${request.route} as ${request.actor}: ${request.label} (${request.method} ${request.path.slice(0, 120)})`;
const describeAnswer = (answer: Answer) => `${answer.status || answer.error} ${answer.text.slice(0, 160)}`;
const count = (n: number) => n.toLocaleString('en-US');

export class Tally {
  sent = 0;
  readonly serverErrors: Finding[] = [];
  readonly noMessage: Finding[] = [];
  readonly noAnswer: Finding[] = [];
  /** Malformed requests answered 2xx (a redirect to sign in first refuses too). */
  readonly accepted: Finding[] = [];
  private readonly statuses = new Map<number, number>();
  private readonly msByRoute = new Map<string, number>();

  record(request: PlannedRequest, answer: Answer): void {
    this.sent += 1;
    this.statuses.set(answer.status, (this.statuses.get(answer.status) ?? 0) + 1);
    this.msByRoute.set(request.route, (this.msByRoute.get(request.route) ?? 0) + answer.ms);
    const finding = { request: describeRequest(request), answer: describeAnswer(answer) };
    const problem = answer.status >= 400 ? messageProblem(answer) : undefined;
    if (answer.status === 0) this.noAnswer.push(finding);
    else if (answer.status >= 500) this.serverErrors.push(finding);
    else if (problem) this.noMessage.push({ ...finding, answer: `${problem}: ${finding.answer}` });
    else if (request.malformed && answer.status < 300) this.accepted.push(finding);
  }

  summary(seconds: number, malformed: { sent: number; seconds: number }, routes: number): string {
    const statuses = [...this.statuses.entries()].sort(([a], [b]) => a - b);
    const slowest = [...this.msByRoute.entries()].sort(([, a], [, b]) => b - a).slice(0, 5);
    return [
      `fuzz: ${count(this.sent)} requests in ${seconds.toFixed(1)} s over ${routes} routes and the tus endpoint`,
      `  malformed (must be refused, must write nothing): ${count(malformed.sent)} in ${malformed.seconds.toFixed(1)} s`,
      `  well-formed at the schemas' limits (may write): ${count(this.sent - malformed.sent)}`,
      `  status: ${statuses.map(([status, n]) => `${status || 'no answer'} ×${count(n)}`).join(' · ')}`,
      `  5xx: ${this.serverErrors.length}, 4xx without a JSON message: ${this.noMessage.length}, malformed but accepted: ${this.accepted.length}, no answer: ${this.noAnswer.length}`,
      `  most time (ms, summed over requests): ${slowest.map(([route, ms]) => `${route} ${count(ms)}`).join(' · ')}`,
    ].join('\n');
  }
}
