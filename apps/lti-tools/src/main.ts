// Process entry of the quiz tool: config from the environment, listen, log the registration, graceful shutdown.
import { createToolApp } from './app.ts';
import { loadConfig } from './config.ts';
import { toolRegistration } from './registration.ts';

const config = loadConfig();
const app = await createToolApp(config);

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ host: config.host, port: config.port });
app.log.info({ registration: toolRegistration(config.publicUrl) }, 'Quiz tool registration');
if (config.platforms.length === 0) {
  app.log.warn('LTI_TOOLS_PLATFORMS is empty: the quiz tool accepts no launches');
} else {
  for (const platform of config.platforms) {
    app.log.info(
      { issuer: platform.issuer, clientId: platform.clientId },
      'Accepting launches from platform',
    );
  }
}
