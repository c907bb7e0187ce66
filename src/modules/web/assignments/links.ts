/** Where the assignment panel's forms post: under the activity page's own address. */

export type AssignmentAction = 'answer' | 'file' | 'submit' | 'retry';

export function assignmentActionUrl(pageUrl: string, action: AssignmentAction, taskUuid = ''): string {
  const task = `${pageUrl}/assignment/tasks/${encodeURIComponent(taskUuid)}`;
  switch (action) {
    case 'answer':
      return task;
    case 'file':
      return `${task}/file`;
    case 'submit':
      return `${pageUrl}/assignment/submit`;
    case 'retry':
      return `${pageUrl}/assignment/retry`;
  }
}
