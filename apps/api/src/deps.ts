import type { Config } from './config.js';
import type { Db } from './db/connect.js';
import type { Clock } from './lib/clock.js';
import type { Logger } from './lib/logger.js';
import type { Providers } from './providers/index.js';

/** What every service is built from; tests build their own with a fresh database and a movable clock. */
export interface Deps {
  config: Config;
  db: Db;
  providers: Providers;
  clock: Clock;
  /** The process's one logger (pino); lines written while answering a request carry its id. */
  log: Logger;
}
