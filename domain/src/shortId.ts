/** '3F2A9C1B': how e-mails, slips and screens name an order or a custom order request. */
export function shortId(id: string): string {
  return id.slice(0, 8).toUpperCase();
}
