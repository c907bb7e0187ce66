/**
 * The database as Kysely sees it: the union of every module's tables. Each module owns its
 * table types (`src/modules/<name>/tables.ts`) and its migrations; only the type is shared.
 */
import type { ActivityTables } from '../../modules/activities/tables.ts';
import type { ApiTokenTables } from '../../modules/api-tokens/tables.ts';
import type { AssignmentTables } from '../../modules/assignments/tables.ts';
import type { AuthTables } from '../../modules/auth/tables.ts';
import type { BlockTables } from '../../modules/blocks/tables.ts';
import type { BoardTables } from '../../modules/boards/tables.ts';
import type { CertificationTables } from '../../modules/certifications/tables.ts';
import type { ChapterTables } from '../../modules/chapters/tables.ts';
import type { CollectionTables } from '../../modules/collections/tables.ts';
import type { CommunityTables } from '../../modules/communities/tables.ts';
import type { CourseTables } from '../../modules/courses/tables.ts';
import type { DiscussionTables } from '../../modules/discussions/tables.ts';
import type { FolderTables } from '../../modules/folders/tables.ts';
import type { OrgTables } from '../../modules/orgs/tables.ts';
import type { PackTables } from '../../modules/packs/tables.ts';
import type { PlaygroundTables } from '../../modules/playgrounds/tables.ts';
import type { PodcastTables } from '../../modules/podcasts/tables.ts';
import type { ProgressTables } from '../../modules/progress/tables.ts';
import type { RoleTables } from '../../modules/roles/tables.ts';
import type { SearchTables } from '../../modules/search/tables.ts';
import type { UsergroupTables } from '../../modules/usergroups/tables.ts';
import type { UserTables } from '../../modules/users/tables.ts';
import type { WebhookTables } from '../../modules/webhooks/tables.ts';
import type { CoreTables } from './core-tables.ts';

export interface DB
  extends CoreTables,
    OrgTables,
    UserTables,
    RoleTables,
    AuthTables,
    ApiTokenTables,
    PackTables,
    UsergroupTables,
    CourseTables,
    ChapterTables,
    ActivityTables,
    BlockTables,
    CollectionTables,
    FolderTables,
    CommunityTables,
    DiscussionTables,
    PlaygroundTables,
    PodcastTables,
    BoardTables,
    SearchTables,
    ProgressTables,
    CertificationTables,
    AssignmentTables,
    WebhookTables {}
