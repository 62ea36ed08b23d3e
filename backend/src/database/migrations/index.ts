import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261125232848 } from './Migration20261125232848';
import { Migration20261125233850 } from './Migration20261125233850';

/**
 * Every migration, in order. `npm run migration:create -w backend` writes a new file for whatever the
 * entities changed; add it to this list (the schema test fails until entities and migrations agree).
 */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261125232848', class: Migration20261125232848 },
  { name: 'Migration20261125233850', class: Migration20261125233850 },
];
