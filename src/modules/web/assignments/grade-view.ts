/** The grade object (reference §1.7) as a learner reads it: the headline grade, then per task. */
import { html, type SafeHtml } from '../html.ts';
import type { GradeRecord } from './assignment-view.ts';

function result(passed: boolean): SafeHtml {
  return passed
    ? html`<span class="status done">Passed</span>`
    : html`<span class="status failed">Not passed</span>`;
}

export function gradeView(grade: GradeRecord): SafeHtml {
  return html`<section class="grade" aria-labelledby="grade-title">
    <h4 id="grade-title">Your grade</h4>
    <p class="grade-display">${grade.display_grade} ${result(grade.passed)}</p>
    <dl class="facts">
      <div><dt>Points</dt><dd>${grade.points_summary}</dd></div>
      <div><dt>Percentage</dt><dd>${grade.percentage_display}</dd></div>
      <div><dt>Letter</dt><dd>${grade.letter_grade}</dd></div>
      <div><dt>Pass mark</dt><dd>${grade.passing_threshold}%</dd></div>
    </dl>
    ${grade.overall_feedback ? html`<div class="feedback"><h5>Feedback</h5><p class="prose">${grade.overall_feedback}</p></div>` : ''}
    <div class="table-scroll">
      <table class="data">
        <caption>Results per task</caption>
        <thead><tr><th scope="col">Task</th><th scope="col">Points</th><th scope="col">Score</th><th scope="col">Result</th><th scope="col">Feedback</th></tr></thead>
        <tbody>${grade.tasks.map(
          (task) => html`<tr>
            <th scope="row"><a href="#task-${task.assignment_task_uuid}">${task.index}. ${task.title}</a></th>
            <td>${task.submitted ? task.points_summary : 'Not answered'}</td>
            <td>${task.percentage_display}</td>
            <td>${result(task.passed)}</td>
            <td>${task.feedback ?? ''}${task.manually_graded ? html` <span class="muted">(graded by your instructor)</span>` : ''}</td>
          </tr>`,
        )}</tbody>
      </table>
    </div>
  </section>`;
}
