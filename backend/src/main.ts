import { existsSync } from 'node:fs';
import { ConfigError, loadConfig } from './config/env';
import { createApp } from './bootstrap';

async function main() {
  // An optional .env in the working directory; variables already set in the environment win.
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  for (const warning of config.warnings) console.warn(warning);
  const app = await createApp(config);
  await app.listen(config.port);
  const where = config.databaseUrl ? 'PostgreSQL' : `embedded PostgreSQL in ${config.dataDir}`;
  console.log(
    `${config.brandName} listening on http://localhost:${config.port} (${where}${config.devIdpEnabled ? ', development sign-in' : ''})`,
  );
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
