import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formatClockTime, formatListingTime, useListingTime } from './format-time';

describe('formatClockTime', () => {
  it.each([
    [0, 0, '12:00 am'],
    [9, 7, '9:07 am'],
    [11, 59, '11:59 am'],
    [12, 0, '12:00 pm'],
    [15, 5, '3:05 pm'],
    [23, 30, '11:30 pm'],
  ])('shows %i:%i as %s', (hours, minutes, expected) => {
    expect(formatClockTime(new Date(2025, 0, 1, hours, minutes))).toBe(expected);
  });
});

describe('formatListingTime', () => {
  it('writes the date as the en-US short format does, then the clock time', () => {
    const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    for (let month = 0; month < 12; month++) {
      const date = new Date(2025, month, month + 5, 15, 5);
      expect(formatListingTime(date.toISOString())).toBe(`${dateFormat.format(date)}, 3:05 pm`);
    }
  });
});

describe('useListingTime', () => {
  it('says the time in UTC, and that it is UTC, in HTML rendered on a server; the local time once running', () => {
    const iso = '2025-03-04T23:30:00.000Z';
    const Time = () => <time>{useListingTime(iso)}</time>;
    expect(renderToString(<Time />)).toBe('<time>Mar 4, 2025, 11:30 pm UTC</time>');
    render(<Time />);
    expect(screen.getByText(formatListingTime(iso))).toBeInTheDocument();
  });
});

describe('every time of day on the site', () => {
  it('is written by this module alone, so it always reads "3:06 am", never "3:06 AM"', () => {
    const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!./format-time.ts'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    const ownClocks = Object.entries(sources)
      .filter(([, source]) => /toLocaleTimeString|toLocaleString\(|timeStyle|hour12|\bhour:\s/.test(source))
      .map(([file]) => file);
    expect(ownClocks).toEqual([]);
  });
});
