import type { Generated } from 'kysely';

export interface TrailsTable {
  id: Generated<number>;
  trail_uuid: string;
  org_id: number;
  user_id: number;
  creation_date: string;
  update_date: string;
}

export type RunStatus = 'STATUS_IN_PROGRESS' | 'STATUS_COMPLETED' | 'STATUS_PAUSED' | 'STATUS_CANCELLED';

/** A user's run through one course. `enrolled` is false when the run only exists because an activity was marked done. */
export interface TrailRunsTable {
  id: Generated<number>;
  trail_id: number;
  course_id: number;
  user_id: number;
  org_id: number;
  status: RunStatus;
  enrolled: boolean;
  creation_date: string;
  update_date: string;
}

export interface TrailStepsTable {
  id: Generated<number>;
  trail_run_id: number;
  activity_id: number;
  course_id: number;
  user_id: number;
  complete: boolean;
  teacher_verified: boolean;
  grade: string;
  creation_date: string;
  update_date: string;
}

export interface ProgressTables {
  trails: TrailsTable;
  trail_runs: TrailRunsTable;
  trail_steps: TrailStepsTable;
}
