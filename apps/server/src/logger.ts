import pino, { type Logger } from 'pino';
import type { AppConfig } from './config/config';
import { serializeError, serializeRequest } from './log-serializers';

/**
 * JSON logs with the secrets a request can carry redacted, and errors that never quote a query's values. On a
 * terminal, `prettyDestination()` gives readable lines instead.
 */
export function createLogger(level: AppConfig['logLevel'], destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password'],
        censor: '[redacted]',
      },
      serializers: { err: serializeError, error: serializeError, req: serializeRequest },
    },
    destination,
  );
}

/** Human-readable lines for a person at a terminal (the server's stdout is a TTY); JSON lines otherwise. */
export async function prettyDestination(): Promise<pino.DestinationStream> {
  const { default: pretty } = await import('pino-pretty');
  return pretty({ sync: true, colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' });
}
