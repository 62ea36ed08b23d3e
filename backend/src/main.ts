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
  // Outside production only this machine reaches the app (HOST, docs/security.md "Exposure"): the
  // development pages (/dev-idp, /sandbox-pay, /dev-ai, /dev-mail) are not for the network.
  const { host } = config.security;
  if (host === undefined) await app.listen(config.port);
  else await app.listen(config.port, host);
  const where = config.databaseUrl ? 'PostgreSQL' : `embedded PostgreSQL in ${config.dataDir}`;
  const on = host === undefined ? 'every interface' : host;
  console.log(
    `${config.brandName} listening on http://localhost:${config.port} (${on}; ${where}${config.devIdpEnabled ? ', development sign-in' : ''})`,
  );
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
