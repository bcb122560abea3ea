/** The bounds of a study's repetitions (studies/study.schema.json) and of the start's override. */
export const studyRepetitionBounds = { min: 1, max: 50 } as const;

export type RepetitionsOverride = { ok: true; repetitions?: number } | { ok: false; error: string };

/** The override typed before a start: blank keeps each method's own repetitions. */
export function parseRepetitions(raw: string): RepetitionsOverride {
  const trimmed = raw.trim();
  if (trimmed === '') return { ok: true };
  const value = Number(trimmed);
  const { min, max } = studyRepetitionBounds;
  if (!Number.isInteger(value) || value < min || value > max)
    return { ok: false, error: `Repetitions must be a whole number from ${min} to ${max}, or empty.` };
  return { ok: true, repetitions: value };
}
