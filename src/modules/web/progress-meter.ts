/** "3 of 8 done" as text and as a native progress bar (accessible without extra markup). */

import type { CourseOutline } from './course-outline.ts';
import { html } from './html.ts';

export function progressMeter(outline: CourseOutline) {
  if (!outline.signedIn) return html``;
  const total = outline.sequence.length;
  return html`<div class="progress">
    <label for="course-progress">${outline.doneCount} of ${total} done</label>
    <progress id="course-progress" max="${total}" value="${outline.doneCount}">${outline.doneCount} of ${total}</progress>
  </div>`;
}
