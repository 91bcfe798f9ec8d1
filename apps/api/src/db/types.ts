import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

/** A repository function that may run inside or outside a transaction. */
export type Executor = Kysely<Database>;
/** A function that must run inside a transaction says so with this type. */
export type Trx = Transaction<Database>;
