import { describe, expect, it } from 'vitest';
import { day, money, onTime, readableNote } from './format.ts';
import { sortOffers } from './offerSort.ts';

const offers = [
  { id: 'a', price: '24.50', readyBy: '2026-11-30', distanceMiles: 12, rating: 4.2 },
  { id: 'b', price: '9.75', readyBy: '2026-12-03', distanceMiles: 40.5, rating: null },
  { id: 'c', price: '102.00', readyBy: '2026-11-27', distanceMiles: 3.1, rating: 4.9 },
  { id: 'd', price: '24.50', readyBy: '2026-11-27', distanceMiles: 80, rating: 4.2 },
];
const ids = (list: { id: string }[]) => list.map((offer) => offer.id);

describe('sortOffers', () => {
  it('keeps the server order for best match and never sorts in place', () => {
    expect(ids(sortOffers(offers, 'Best match'))).toEqual(['a', 'b', 'c', 'd']);
    sortOffers(offers, 'Price');
    expect(ids(offers)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('sorts prices as amounts, not as text, and keeps ties in server order', () => {
    expect(ids(sortOffers(offers, 'Price'))).toEqual(['b', 'a', 'd', 'c']);
  });

  it('sorts by ready-by date, distance, and rating with new farms last', () => {
    expect(ids(sortOffers(offers, 'Ready by'))).toEqual(['c', 'd', 'a', 'b']);
    expect(ids(sortOffers(offers, 'Distance'))).toEqual(['c', 'a', 'b', 'd']);
    expect(ids(sortOffers(offers, 'Rating'))).toEqual(['c', 'a', 'd', 'b']);
  });
});

describe('request formatting', () => {
  it('writes money with cents and thousands', () => {
    expect([money('24.5'), money('1234'), money(null)]).toEqual(['$24.50', '$1,234.00', '—']);
  });

  it('reads calendar days in local time, never shifted a day by the time zone', () => {
    expect(day('2026-11-27', true)).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(2026, 10, 27)),
    );
  });

  it('replaces raw instants in notes and words on-time rates', () => {
    const note = readableNote('Sent to Harbor Forge; they answer by 2026-11-24T21:46:51.952Z');
    expect(note).toMatch(/^Sent to Harbor Forge; they answer by /);
    expect(note).not.toContain('2026-11-24T');
    expect([onTime(0.963), onTime(null)]).toEqual(['96% on time', null]);
  });
});
