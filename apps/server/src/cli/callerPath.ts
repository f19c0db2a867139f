import { resolve } from 'node:path';

/**
 * A path typed on the command line, from the folder it was typed in: `npm run backup -w apps/server` runs the script
 * in apps/server, and npm keeps the caller's folder in INIT_CWD.
 */
export function callerPath(path: string) {
  return resolve(process.env.INIT_CWD ?? process.cwd(), path);
}
