/**
 * The one way to open the embedded database (the server's host process, and any test or script that opens a data
 * folder directly): with the extensions the migrations create, which PGlite loads only when it is told to.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** A data folder, or `memory://` for a database that lives as long as the process. */
export function openPGlite(dataDir: string) {
  // Trigram indexes of item search (migration 0029).
  return PGlite.create(dataDir, { extensions: { pg_trgm } });
}
