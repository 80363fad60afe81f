/** The UTC day a reply counts on, and when the next one starts. */
export function usageDay(now: number): { day: string; resetsAt: number } {
  const day = new Date(now).toISOString().slice(0, 10);
  return { day, resetsAt: Date.parse(`${day}T00:00:00.000Z`) + 86_400_000 };
}
