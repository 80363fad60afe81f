/** A configuration the server cannot run with; its message is one line naming the variable. */
export class ConfigError extends Error {}
