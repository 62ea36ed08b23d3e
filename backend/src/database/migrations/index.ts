import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261125232848 } from './Migration20261125232848';
import { Migration20261125233850 } from './Migration20261125233850';
import { Migration20261125234329 } from './Migration20261125234329';
import { Migration20261126000220 } from './Migration20261126000220';
import { Migration20261126001058 } from './Migration20261126001058';
import { Migration20261126001717 } from './Migration20261126001717';
import { Migration20261126002001 } from './Migration20261126002001';
import { Migration20261126100000 } from './Migration20261126100000';
import { Migration20261126103000 } from './Migration20261126103000';
import { Migration20261126105000 } from './Migration20261126105000';
import { Migration20261127100000 } from './Migration20261127100000';
import { Migration20261128100000 } from './Migration20261128100000';
import { Migration20261128200000 } from './Migration20261128200000';
import { Migration20261129100000 } from './Migration20261129100000';
import { Migration20261129200000 } from './Migration20261129200000';
import { Migration20261130100000 } from './Migration20261130100000';
import { Migration20261130200000 } from './Migration20261130200000';
import { Migration20261201100000 } from './Migration20261201100000';
import { Migration20261201200000 } from './Migration20261201200000';
import { Migration20261202100000 } from './Migration20261202100000';
import { Migration20261203100000 } from './Migration20261203100000';
import { Migration20261204100000 } from './Migration20261204100000';
import { Migration20261207100000 } from './Migration20261207100000';
import { Migration20261210100000 } from './Migration20261210100000';
import { Migration20261210110000 } from './Migration20261210110000';
import { Migration20261215100000 } from './Migration20261215100000';
import { Migration20261216100000 } from './Migration20261216100000';
import { Migration20261217100000 } from './Migration20261217100000';
import { Migration20261218100000 } from './Migration20261218100000';
import { Migration20261220100000 } from './Migration20261220100000';
import { Migration20261222100000 } from './Migration20261222100000';
import { Migration20261223100000 } from './Migration20261223100000';
import { Migration20261205150000 } from './Migration20261205150000';

/**
 * Every migration, in order. Written by `npm run migration:create -w backend`, which adds a migration for
 * whatever the entities changed (the schema test fails until entities and migrations agree).
 */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261125232848', class: Migration20261125232848 },
  { name: 'Migration20261125233850', class: Migration20261125233850 },
  { name: 'Migration20261125234329', class: Migration20261125234329 },
  { name: 'Migration20261126000220', class: Migration20261126000220 },
  { name: 'Migration20261126001058', class: Migration20261126001058 },
  { name: 'Migration20261126001717', class: Migration20261126001717 },
  { name: 'Migration20261126002001', class: Migration20261126002001 },
  { name: 'Migration20261126100000', class: Migration20261126100000 },
  { name: 'Migration20261126103000', class: Migration20261126103000 },
  { name: 'Migration20261126105000', class: Migration20261126105000 },
  { name: 'Migration20261127100000', class: Migration20261127100000 },
  { name: 'Migration20261128100000', class: Migration20261128100000 },
  { name: 'Migration20261128200000', class: Migration20261128200000 },
  { name: 'Migration20261129100000', class: Migration20261129100000 },
  { name: 'Migration20261129200000', class: Migration20261129200000 },
  { name: 'Migration20261130100000', class: Migration20261130100000 },
  { name: 'Migration20261130200000', class: Migration20261130200000 },
  { name: 'Migration20261201100000', class: Migration20261201100000 },
  { name: 'Migration20261201200000', class: Migration20261201200000 },
  { name: 'Migration20261202100000', class: Migration20261202100000 },
  { name: 'Migration20261203100000', class: Migration20261203100000 },
  { name: 'Migration20261204100000', class: Migration20261204100000 },
  { name: 'Migration20261205150000', class: Migration20261205150000 },
  { name: 'Migration20261207100000', class: Migration20261207100000 },
  { name: 'Migration20261210100000', class: Migration20261210100000 },
  { name: 'Migration20261210110000', class: Migration20261210110000 },
  { name: 'Migration20261215100000', class: Migration20261215100000 },
  { name: 'Migration20261216100000', class: Migration20261216100000 },
  { name: 'Migration20261217100000', class: Migration20261217100000 },
  { name: 'Migration20261218100000', class: Migration20261218100000 },
  { name: 'Migration20261220100000', class: Migration20261220100000 },
  { name: 'Migration20261222100000', class: Migration20261222100000 },
  { name: 'Migration20261223100000', class: Migration20261223100000 },
];
