/**
 * `--key value`, `--key=value` and bare boolean `--flag`s. Boolean flags are named up
 * front so that `--verified --org acme` never swallows the next word.
 */
import { UsageError } from './usage-error.ts';

const BOOLEAN_FLAGS = new Set(['verified', 'superadmin', 'all', 'help']);

export function parseFlags(argv: string[]): {
  positionals: string[];
  flags: Record<string, string | boolean>;
} {
  const positionals: string[] = [];
  const flags: Record<string, string | boolean> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    if (eq !== -1) flags[name] = arg.slice(eq + 1);
    else if (BOOLEAN_FLAGS.has(name)) flags[name] = true;
    else {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
      flags[name] = value;
      i++;
    }
  }
  return { positionals, flags };
}
