import { describe, expect, it } from 'vitest';
import { createLogger, requestLoggerFactory } from './logger.ts';

function capturingLogger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger(level, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe('request loggers', () => {
  it('write nothing below the level, and bind the request id to what they do write', () => {
    const { logger, lines } = capturingLogger('warn');
    const requestLog = requestLoggerFactory(logger, { reqId: 'req-1' }, {});
    requestLog.info({ detail: 'ignored' }, 'incoming request');
    requestLog.debug('ignored too');
    expect(lines).toEqual([]);
    expect(requestLog.level).toBe('warn');

    requestLog.warn({ attempt: 2 }, 'slow answer');
    requestLog.error({ body: { password: 'hunter2' } }, 'failed');
    expect(lines).toMatchObject([
      { reqId: 'req-1', attempt: 2, msg: 'slow answer', level: 40 },
      { reqId: 'req-1', body: { password: '[redacted]' }, msg: 'failed', level: 50 },
    ]);
  });

  it('pass their bindings on to their own children', () => {
    const { logger, lines } = capturingLogger('info');
    requestLoggerFactory(logger, { reqId: 'req-2' }, {}).child({ component: 'upload' }).info('stored');
    expect(lines).toMatchObject([{ reqId: 'req-2', component: 'upload', msg: 'stored' }]);
  });

  it('follow a level set on the request logger itself or by its route', () => {
    const { logger, lines } = capturingLogger('warn');
    const raised = requestLoggerFactory(logger, { reqId: 'req-3' }, {});
    raised.level = 'debug';
    raised.debug('now shown');
    requestLoggerFactory(logger, { reqId: 'req-4' }, { level: 'info' }).info('route level');
    expect(lines).toMatchObject([
      { reqId: 'req-3', msg: 'now shown' },
      { reqId: 'req-4', msg: 'route level' },
    ]);
  });
});
