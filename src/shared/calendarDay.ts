// Calendar days as the forms, the contract and the API write them: `YYYY-MM-DD`, no time zone.
// One rule for what is a day and one spelling of an instant's day, for main and the renderer.

/** The shape of a day, `YYYY-MM-DD`, whether or not the calendar has it. */
export const CALENDAR_DAY_FORMAT = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` naming a real day of the calendar (2025-02-29 is none). */
export function isCalendarDay(text: string): boolean {
  return CALENDAR_DAY_FORMAT.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
}

/** The UTC day of an instant (epoch ms or a Date) as `YYYY-MM-DD`. */
export function utcDay(at: number | Date): string {
  return new Date(at).toISOString().slice(0, 10);
}
