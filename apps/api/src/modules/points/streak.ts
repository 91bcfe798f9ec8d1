interface LastSign {
  sign_date: string;
  streak_day: number;
}

/** The configured streak length: 0 when consecutive sign-in is off (no bonus day). */
export const streakLength = (s: { is_continuity_sign: number | null; continuity_num: number | null }) =>
  s.is_continuity_sign === 1 ? Number(s.continuity_num ?? 0) : 0;

/**
 * spec 3 §4 Sign-in: the day of the streak a sign-in today is. It advances only when the last sign-in was yesterday
 * (China time) and the streak is below its configured length; otherwise it starts again at 1.
 */
export function nextStreakDay(last: LastSign | undefined, yesterday: string, length: number): number {
  if (!last || last.sign_date !== yesterday) return 1;
  if (length > 0 && last.streak_day >= length) return 1;
  return last.streak_day + 1;
}

/** The streak as the page shows it today: the last day when signed today or yesterday (and not complete), else 0. */
export function shownStreak(last: LastSign | undefined, today: string, yesterday: string, length: number): number {
  if (!last) return 0;
  if (last.sign_date === today) return last.streak_day;
  if (last.sign_date === yesterday && !(length > 0 && last.streak_day >= length)) return last.streak_day;
  return 0;
}
