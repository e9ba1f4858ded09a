// The error a start meets when its configuration is invalid or incomplete: it names every problem.
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}
