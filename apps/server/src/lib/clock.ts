/**
 * The server's clock as documents keep it: a document saved without a time takes the server's local time of day,
 * and a conversion without a date the server's local day.
 */

/** The server's local time of day, `HH:mm:ss`. */
export const nowTime = () => new Date().toTimeString().slice(0, 8);

/** The server's local day (as `nowTime` its local time), `YYYY-MM-DD`. */
export const today = () => {
  const now = new Date();
  const twoDigits = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${twoDigits(now.getMonth() + 1)}-${twoDigits(now.getDate())}`;
};

/**
 * A typed time of day as the database keeps it, `HH:mm:ss` (`09:00` → `09:00:00`): an edit that sends the time it
 * was shown without seconds keeps the document's place among the day's movements, and re-values nothing.
 */
export const asStoredTime = (time: string) => (time.length === 5 ? `${time}:00` : time);
