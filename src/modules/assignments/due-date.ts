/**
 * Assignment deadlines. `due_date` is free text in the product; here it is checked when
 * written and read as:
 * - '' (or only spaces): no deadline;
 * - `YYYY-MM-DD`: on time until the end of that day, UTC (the whole due day counts);
 * - `YYYY-MM-DD[T ]HH:MM[:SS[.fff]]` with an optional `Z` or `±HH:MM` offset: that instant
 *   (UTC when no offset is given; an offset is honoured, unlike the product, which drops it).
 * Comparisons are in UTC, never in the server's local time.
 */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;

const MS_PER_DAY = 86_400_000;

function utcMs(
  year: string,
  month: string,
  day: string,
  hour = '0',
  minute = '0',
  second = '0',
): number | null {
  const [y, mo, d, h, mi, s] = [year, month, day, hour, minute, second].map(Number);
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(ms);
  // Date.UTC rolls 2026-02-30 over to March: a rolled-over date was not a real one.
  const real =
    back.getUTCFullYear() === y &&
    back.getUTCMonth() === mo - 1 &&
    back.getUTCDate() === d &&
    h < 24 &&
    mi < 60 &&
    s < 60;
  return real ? ms : null;
}

function offsetMs(offset: string | undefined): number {
  if (!offset || offset.toUpperCase() === 'Z') return 0;
  const sign = offset.startsWith('-') ? -1 : 1;
  const digits = offset.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
}

/**
 * The first instant (epoch ms) at which the assignment is past due: null for no deadline,
 * undefined when the text is not a date this module understands.
 */
export function deadlineOf(dueDate: string): number | null | undefined {
  const text = dueDate.trim();
  if (text === '') return null;
  const day = DAY.exec(text);
  if (day) {
    const start = utcMs(day[1], day[2], day[3]);
    return start === null ? undefined : start + MS_PER_DAY;
  }
  const moment = DATE_TIME.exec(text);
  if (!moment) return undefined;
  const [, y, mo, d, h, mi, s, fraction, offset] = moment;
  const local = utcMs(y, mo, d, h, mi, s ?? '0');
  if (local === null) return undefined;
  const millis = fraction ? Math.floor(Number(`0.${fraction}`) * 1000) : 0;
  // Past due once that instant has passed (the product's "earlier than now").
  return local + millis - offsetMs(offset) + 1;
}

export function isValidDueDate(dueDate: string): boolean {
  return deadlineOf(dueDate) !== undefined;
}

/** Past due at `now`? Text that is not a date never locks anyone out. */
export function isPastDue(dueDate: string, now: number = Date.now()): boolean {
  const deadline = deadlineOf(dueDate);
  return typeof deadline === 'number' && now >= deadline;
}
