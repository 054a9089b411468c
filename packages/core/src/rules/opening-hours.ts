/** Opening hours and "open now", computed on the restaurant's wall clock (DESIGN.md §4). */

import { minutesOfDay, toZoned } from './zoned-time.js';

export const fulfilmentMethods = ['pickup', 'delivery', 'dine_in'] as const;
export type FulfilmentMethod = (typeof fulfilmentMethods)[number];

/** One opening range: `weekday` 0 = Sunday … 6 = Saturday; times 'HH:MM' local. */
export interface OpeningRange {
  weekday: number;
  opens_at: string;
  closes_at: string;
}

/** A moment as the restaurant's own clock shows it. */
export interface LocalTime {
  /** 'YYYY-MM-DD' */
  date: string;
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
  /** minutes since local midnight, 0..1439 */
  minutes: number;
}

/**
 * The wall-clock date, weekday and minute of `at` in `timeZone` (an IANA name); DST included. An
 * unknown zone throws RangeError: a restaurant must never silently run on UTC.
 */
export function localTimeIn(timeZone: string, at: Date): LocalTime {
  const local = toZoned(at, timeZone);
  return { date: local.date, weekday: local.weekday, minutes: minutesOfDay(local.time) };
}

/** 'HH:MM' → minutes since midnight; '24:00' is allowed as the end of the day. */
export function minutesOf(time: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  const hours = Number(match?.[1]);
  const minutes = Number(match?.[2]);
  if (!match || hours > 24 || minutes > 59 || (hours === 24 && minutes > 0)) {
    throw new Error(`Invalid time "${time}", expected HH:MM`);
  }
  return hours * 60 + minutes;
}

/** A range whose closing time is not after its opening time runs past midnight into the next day. */
export function runsPastMidnight(range: OpeningRange): boolean {
  return minutesOf(range.closes_at) <= minutesOf(range.opens_at);
}

/**
 * Whether `ranges` have the restaurant open at local time `now`: a range covers [opens, closes) on its
 * weekday, and one that runs past midnight also covers [00:00, closes) of the next day.
 */
export function isOpenAtLocal(ranges: readonly OpeningRange[], now: Pick<LocalTime, 'weekday' | 'minutes'>): boolean {
  const yesterday = (now.weekday + 6) % 7;
  return ranges.some((range) => {
    const opens = minutesOf(range.opens_at);
    const closes = minutesOf(range.closes_at);
    if (closes > opens) return range.weekday === now.weekday && now.minutes >= opens && now.minutes < closes;
    if (range.weekday === now.weekday) return now.minutes >= opens;
    return range.weekday === yesterday && now.minutes < closes;
  });
}

/** Whether `ranges` have the restaurant in `timeZone` open at the instant `at`. */
export function isOpenAt(ranges: readonly OpeningRange[], timeZone: string, at: Date): boolean {
  return isOpenAtLocal(ranges, localTimeIn(timeZone, at));
}

/** The ranges that open on a given weekday, earliest first. */
export function rangesOn(ranges: readonly OpeningRange[], weekday: number): OpeningRange[] {
  return ranges
    .filter((range) => range.weekday === weekday)
    .sort((a, b) => minutesOf(a.opens_at) - minutesOf(b.opens_at));
}

const week = 7 * 24 * 60;

/**
 * Pairs of ranges (indexes into `ranges`) that are open at the same moment of the week; ranges that
 * run past midnight count into the next day, and Saturday night into Sunday morning.
 */
export function overlappingRanges(ranges: readonly OpeningRange[]): [number, number][] {
  const spans = ranges.map((range) => {
    const opens = range.weekday * 1440 + minutesOf(range.opens_at);
    const closes = range.weekday * 1440 + minutesOf(range.closes_at) + (runsPastMidnight(range) ? 1440 : 0);
    return [opens, closes] as const;
  });
  const overlaps = (a: readonly [number, number], b: readonly [number, number]) =>
    [0, week, -week].some((shift) => a[0] < b[1] + shift && b[0] + shift < a[1]);
  const pairs: [number, number][] = [];
  for (let j = 1; j < spans.length; j++) {
    for (let i = 0; i < j; i++) {
      if (overlaps(spans[i] as [number, number], spans[j] as [number, number])) pairs.push([i, j]);
    }
  }
  return pairs;
}
