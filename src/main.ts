// Process entry: load config, build the app, listen, and shut down gracefully on SIGTERM/SIGINT.
import { createApp } from './app.js';
import { loadConfig } from './config.js';
import { tuneGarbageCollector } from './platform/garbage-collector-tuning.js';
import { lowerBackgroundThreads } from './platform/thread-priority.js';

tuneGarbageCollector();

const config = loadConfig();
const loupe = await createApp(config);
// After the stores and the enrichment thread have started their threads; later ones are found by rescans.
lowerBackgroundThreads({ niceness: config.backgroundThreadNiceness, enrichmentNiceness: config.enrichmentThreadNiceness });
const { app } = loupe;

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down: flushing buffers and closing stores');
  try {
    await loupe.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  { dataDir: config.dataDir, analytics: loupe.services.analytics.kind, metadata: loupe.services.metadata.dialect },
  `Loupe listening on ${config.baseUrl}`,
);
