/**
 * Operator CLI: `npm run -s cli -- <command> [subcommand] [--flags]`.
 * Every command prints one JSON object on stdout; errors print a message on stderr and
 * exit non-zero. It uses the same configuration as the server and is safe while it runs.
 */
import { closeContext, createContext } from '../bootstrap.ts';
import { ConfigError, loadConfig } from '../core/config.ts';
import { HttpError } from '../core/errors/http-errors.ts';
import { createLogger } from '../core/logger.ts';
import { type CommandFlags, commands } from './commands/index.ts';
import { parseFlags } from './parse-flags.ts';
import { UsageError } from './usage-error.ts';

function usage(): string {
  const lines = Object.entries(commands).map(([name, command]) => `  ${name.padEnd(16)} ${command.summary}`);
  return `Usage: npm run -s cli -- <command> [--flags]\n\nCommands:\n${lines.join('\n')}\n`;
}

async function run(argv: string[]): Promise<number> {
  const { positionals, flags: values } = parseFlags(argv);
  const name = positionals.slice(0, 2).join(' ');
  const command = commands[name] ?? commands[positionals[0] ?? ''];
  if (!command || values.help) {
    process.stderr.write(usage());
    return command ? 0 : 2;
  }
  const config = loadConfig();
  // Logs go to stderr so stdout stays one JSON object.
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, process.stderr);
  const ctx = await createContext(config, { logger, migrate: command !== commands.migrate });
  try {
    const result = await command.run(ctx, values as CommandFlags);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } finally {
    await closeContext(ctx);
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    const message =
      error instanceof HttpError
        ? typeof error.detail === 'string'
          ? error.detail
          : JSON.stringify(error.detail)
        : error instanceof ConfigError || error instanceof UsageError
          ? error.message
          : error instanceof Error
            ? error.message
            : String(error);
    process.stderr.write(`Error: ${message}\n`);
    process.exit(1);
  },
);
