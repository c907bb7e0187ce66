/**
 * Process entry point. `npm start` runs the API and the webhook delivery worker in one
 * process; `--role=api` and `--role=worker` run them apart (see README, "Deploying at scale").
 */
import { ConfigError, loadConfig, type ProcessRole } from './core/config.ts';
import { startProcess } from './server.ts';

function parseRole(argv: string[]): ProcessRole {
  const flag = argv.find((arg) => arg.startsWith('--role='));
  const role = flag ? flag.slice('--role='.length) : 'all';
  if (role !== 'all' && role !== 'api' && role !== 'worker') {
    throw new ConfigError(`--role must be all, api or worker, got "${role}"`);
  }
  return role;
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  let role: ProcessRole;
  try {
    config = loadConfig();
    role = parseRole(process.argv.slice(2));
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const running = await startProcess(config, role);
  const { logger } = running.ctx;
  logger.info(
    {
      role,
      database: running.ctx.database.kind,
      url: running.address,
      docs: running.address && `${config.publicUrl}/docs`,
    },
    'Learnbase is ready',
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight work');
    const timer = setTimeout(() => {
      logger.error('shutdown took longer than 20 s; exiting');
      process.exit(1);
    }, 20_000);
    timer.unref();
    try {
      await running.stop();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error) => {
  // A configuration problem found while starting (e.g. an unusable kept secret key) needs no stack.
  if (error instanceof ConfigError) process.stderr.write(`Configuration error: ${error.message}\n`);
  else
    process.stderr.write(
      `Fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  process.exit(1);
});
