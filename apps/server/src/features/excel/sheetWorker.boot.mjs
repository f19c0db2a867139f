// Worker threads do not inherit the tsx loader the server runs under: register it here, then load the TypeScript entry.
import { tsImport } from 'tsx/esm/api';

await tsImport('./sheetWorker.ts', import.meta.url);
