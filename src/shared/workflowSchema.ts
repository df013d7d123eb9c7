// The status steps as the researcher may set them, checked where they cross (IPC, the team's
// shared document, the cache). Apart from workflow.ts, which the library's first page reads: zod
// loads with the pages and in main that check steps, not with the first page.
import { z } from 'zod';
import { MAX_STATUS_STEPS, MAX_STEP_LABEL } from './workflow';

export const statusStepId = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'That is not a status step.');

const stepLabel = z
  .string()
  .transform((s) => s.replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(1, 'A step needs a name.').max(MAX_STEP_LABEL, `A step's name is at most ${MAX_STEP_LABEL} characters.`));

/** The steps as the researcher may set them: 1 to 12, each id and each name (letter case aside) once. */
export const statusStepsSchema = z
  .array(z.object({ id: statusStepId, label: stepLabel }).strict())
  .min(1, 'Keep at least one step.')
  .max(MAX_STATUS_STEPS, `At most ${MAX_STATUS_STEPS} steps.`)
  .superRefine((steps, ctx) => {
    const ids = new Set<string>();
    const labels = new Set<string>();
    for (const step of steps) {
      if (ids.has(step.id)) ctx.addIssue({ code: 'custom', message: 'Each step is listed once.' });
      const key = step.label.toLocaleLowerCase('en');
      if (labels.has(key)) ctx.addIssue({ code: 'custom', message: `Two steps are called “${step.label}”: give each its own name.` });
      ids.add(step.id);
      labels.add(key);
    }
  });
