/** Request and response bodies of the assignments API (field names as in the existing product). */
import { Type } from '@sinclair/typebox';
import { JsonObject, Nullable, StringEnum } from '../../core/http/schemas.ts';
import { GRADING_TYPES, TASK_TYPES } from './grading/index.ts';

export const SUBMISSION_STATUSES = ['PENDING', 'SUBMITTED', 'GRADED', 'LATE', 'NOT_SUBMITTED'] as const;

/** '' (no deadline), a day (`YYYY-MM-DD`, the whole day counts) or a date and time (UTC unless an offset is given). */
const DueDate = Type.String({
  maxLength: 40,
  description:
    "'' or omitted: no deadline. `YYYY-MM-DD`: the whole day (UTC) is on time. `YYYY-MM-DDTHH:MM[:SS][Z|±HH:MM]`: that instant (UTC without an offset).",
});

const assignmentSettings = {
  title: Type.String({ maxLength: 500 }),
  description: Type.String({ maxLength: 100_000 }),
  due_date: DueDate,
  published: Type.Boolean(),
  grading_type: StringEnum(GRADING_TYPES),
  auto_grading: Type.Boolean(),
  anti_copy_paste: Type.Boolean(),
  show_correct_answers: Type.Boolean(),
  allow_retries: Type.Boolean(),
  max_retries: Type.Integer({
    minimum: 0,
    description: 'Total attempts allowed (first attempt included); 0 = the deployment maximum',
  }),
};

const ids = {
  org_id: Type.Integer(),
  course_id: Type.Integer(),
  chapter_id: Type.Integer(),
  activity_id: Type.Integer(),
};

export const AssignmentCreate = Type.Object({
  title: assignmentSettings.title,
  description: assignmentSettings.description,
  grading_type: assignmentSettings.grading_type,
  due_date: Type.Optional(assignmentSettings.due_date),
  published: Type.Optional(assignmentSettings.published),
  auto_grading: Type.Optional(assignmentSettings.auto_grading),
  anti_copy_paste: Type.Optional(assignmentSettings.anti_copy_paste),
  show_correct_answers: Type.Optional(assignmentSettings.show_correct_answers),
  allow_retries: Type.Optional(assignmentSettings.allow_retries),
  max_retries: Type.Optional(assignmentSettings.max_retries),
  ...ids,
});

/** Every setting optional; null or absent keeps the stored value. The ids cannot change. */
export const AssignmentUpdate = Type.Partial(
  Type.Object({
    title: Nullable(assignmentSettings.title),
    description: Nullable(assignmentSettings.description),
    due_date: Nullable(assignmentSettings.due_date),
    published: Nullable(assignmentSettings.published),
    grading_type: Nullable(assignmentSettings.grading_type),
    auto_grading: Nullable(assignmentSettings.auto_grading),
    anti_copy_paste: Nullable(assignmentSettings.anti_copy_paste),
    show_correct_answers: Nullable(assignmentSettings.show_correct_answers),
    allow_retries: Nullable(assignmentSettings.allow_retries),
    max_retries: Nullable(assignmentSettings.max_retries),
  }),
);

export const AssignmentRead = Type.Object({
  id: Type.Integer(),
  assignment_uuid: Type.String(),
  ...assignmentSettings,
  ...ids,
  course_uuid: Nullable(Type.String()),
  activity_uuid: Nullable(Type.String()),
  creation_date: Type.String(),
  update_date: Type.String(),
});

const taskFields = {
  title: Type.String({ maxLength: 500 }),
  description: Type.String({ maxLength: 100_000 }),
  hint: Type.String({ maxLength: 100_000 }),
  assignment_type: StringEnum(TASK_TYPES),
  contents: JsonObject,
  max_grade_value: Type.Integer({ minimum: 0 }),
};

export const TaskCreate = Type.Object({
  title: taskFields.title,
  description: taskFields.description,
  hint: taskFields.hint,
  assignment_type: taskFields.assignment_type,
  contents: Type.Optional(
    Type.Object(
      {},
      { additionalProperties: true, description: 'Type-dependent; stored and returned byte for byte' },
    ),
  ),
  max_grade_value: Type.Optional(Type.Integer({ minimum: 0, default: 100 })),
  reference_file: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
});

export const TaskUpdate = Type.Partial(
  Type.Object({
    title: Nullable(taskFields.title),
    description: Nullable(taskFields.description),
    hint: Nullable(taskFields.hint),
    assignment_type: Nullable(taskFields.assignment_type),
    contents: Nullable(taskFields.contents),
    max_grade_value: Nullable(taskFields.max_grade_value),
  }),
);

export const TaskRead = Type.Object({
  id: Type.Integer(),
  assignment_task_uuid: Type.String(),
  ...taskFields,
  reference_file: Nullable(Type.String()),
  creation_date: Type.String(),
  update_date: Type.String(),
});

export const TaskSubmissionUpdate = Type.Partial(
  Type.Object({
    assignment_task_id: Nullable(Type.Integer()),
    assignment_task_submission_uuid: Nullable(Type.String({ minLength: 1, maxLength: 200 })),
    task_submission: Nullable(JsonObject),
    grade: Nullable(Type.Integer()),
    task_submission_grade_feedback: Nullable(Type.String({ maxLength: 100_000 })),
    manually_graded: Nullable(Type.Boolean()),
    assignment_type: Nullable(StringEnum(TASK_TYPES)),
  }),
);

export const TaskSubmissionRead = Type.Object({
  id: Type.Integer(),
  assignment_task_submission_uuid: Type.String(),
  task_submission: JsonObject,
  grade: Type.Integer(),
  task_submission_grade_feedback: Type.String(),
  manually_graded: Type.Boolean(),
  assignment_type: StringEnum(TASK_TYPES),
  user_id: Type.Integer(),
  activity_id: Type.Integer(),
  course_id: Type.Integer(),
  chapter_id: Type.Integer(),
  assignment_task_id: Type.Integer(),
  creation_date: Type.String(),
  update_date: Type.String(),
});

export const UserSubmissionRead = Type.Object({
  id: Type.Integer(),
  submission_status: StringEnum(SUBMISSION_STATUSES),
  grade: Type.Integer(),
  overall_feedback: Nullable(Type.String()),
  attempt_number: Type.Integer(),
  late: Type.Boolean({
    description: 'Submitted after the due date (by an instructor or a token for the learner)',
  }),
  user_id: Type.Integer(),
  assignment_id: Type.Integer(),
  creation_date: Type.String(),
  update_date: Type.String(),
});

/** The direct set of `PUT …/submissions/{user_id}`: the product's body plus `overall_feedback`. */
export const UserSubmissionSet = Type.Object({
  assignment_id: Type.Integer({ description: 'Must be this assignment' }),
  user_id: Type.Optional(Nullable(Type.Integer({ description: 'Must be the user in the path' }))),
  submission_status: Type.Optional(Nullable(StringEnum(SUBMISSION_STATUSES))),
  grade: Type.Optional(Nullable(Type.Integer({ minimum: 0 }))),
  overall_feedback: Type.Optional(
    Nullable(Type.String({ maxLength: 100_000, description: 'null or absent keeps it; "" clears it' })),
  ),
});

export const GradeRequest = Type.Object({
  overall_feedback: Type.Optional(
    Nullable(Type.String({ maxLength: 100_000, description: 'null or absent keeps it; "" clears it' })),
  ),
});

const gradeSummaryFields = {
  grade: Type.Integer(),
  max_grade: Type.Integer(),
  percentage: Type.Number(),
  display_grade: Type.String(),
  letter_grade: Type.String(),
  points_summary: Type.String(),
  percentage_display: Type.String(),
  passed: Type.Boolean(),
  passing_threshold: Type.Number(),
  grading_type: Type.String(),
  overall_feedback: Nullable(Type.String()),
};

export const GradeSummary = Type.Object(gradeSummaryFields);

export const UserSubmissionListItem = Type.Object({
  ...UserSubmissionRead.properties,
  grade_display: Nullable(GradeSummary),
});

export const GradeObject = Type.Object({
  ...gradeSummaryFields,
  tasks: Type.Array(
    Type.Object({
      index: Type.Integer(),
      assignment_task_uuid: Type.String(),
      title: Type.String(),
      description: Type.String(),
      assignment_type: StringEnum(TASK_TYPES),
      submitted: Type.Boolean(),
      grade: Type.Integer(),
      max_grade: Type.Integer(),
      percentage: Type.Number(),
      percentage_display: Type.String(),
      points_summary: Type.String(),
      passed: Type.Boolean(),
      feedback: Nullable(Type.String()),
      manually_graded: Type.Boolean(),
    }),
  ),
});

export const GradedResponse = Type.Object({ ...GradeObject.properties, message: Type.String() });

export const RetryResponse = Type.Object({
  message: Type.String(),
  attempt_number: Type.Integer(),
  max_retries: Type.Integer({
    description: 'Total attempts allowed (the deployment maximum when the assignment sets none)',
  }),
  submission: UserSubmissionRead,
});

export const Message = Type.Object({ message: Type.String() });

export const Pagination = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 500, default: 50 }),
  offset: Type.Integer({ minimum: 0, default: 0 }),
});

export const OnBehalf = Type.Object({
  on_behalf_of_user_id: Type.Optional(
    Type.Integer({ description: 'The learner to act for (required for API tokens)' }),
  ),
});
