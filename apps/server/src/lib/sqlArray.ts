import { sql } from 'drizzle-orm';

/** A JavaScript array as one array parameter (drizzle would otherwise spread it into one parameter per value). */
export const arrayOf = (values: unknown[]) => sql.param(values);
