import { expect } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config';

/** Runs loadConfig and returns the ConfigError it throws, failing the test when it does not throw one. */
export function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('loadConfig did not throw');
}
