/** Runs one part of a parallel job (on a helper thread, or on the caller for part 0). */
import { gatherPart } from './gather.js';
import type { ParallelJob } from './parallel.js';
import { scatterPart } from './scatter-range.js';

export function runPart(job: ParallelJob, part: number): void {
  if (job.kind === 'gather') gatherPart(job, part);
  else scatterPart(job, part);
}
