import pino, { type Logger } from 'pino';
import type { AppConfig } from './config/config';

/** JSON logs with the secrets a request can carry redacted. */
export function createLogger(level: AppConfig['logLevel'], destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
