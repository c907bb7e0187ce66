/** Structured JSON logs (pino). Credentials are redacted wherever they could appear. */
import pino from 'pino';

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-platform-key"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.secret',
  '*.token',
  '*.access_token',
  '*.refresh_token',
];

export function createLogger(level: string, destination?: pino.DestinationStream): pino.Logger {
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, destination);
}
