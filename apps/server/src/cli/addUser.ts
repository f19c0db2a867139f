/**
 * `npm run user:add -- --name ali --full-name "علي أحمد" --stores 1,2 [--admin] [--password ...]`
 * Creates a user from the command line, so a real shop can start without the demo (MIZAN_DEMO=0).
 * Without --password the password is asked for on the terminal, so it stays out of the shell history.
 * Run it while the server is stopped when the embedded database is used (one process may hold the data folder).
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { CreateUserBody, messagesAr } from '@mizan/contract';
import { readConfig } from '../config.ts';
import { openBook } from '../features/book/openBook.ts';
import { createUser, ensureOrganisation } from '../features/users/users.service.ts';

const { values } = parseArgs({
  options: {
    name: { type: 'string' },
    'full-name': { type: 'string' },
    password: { type: 'string' },
    stores: { type: 'string', default: '1' },
    admin: { type: 'boolean', default: false },
  },
});

async function askPassword(): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  const answer = await rl.question('Password: ');
  rl.close();
  return answer;
}

if (!values.name || !values['full-name']) {
  console.error(
    'Usage: npm run user:add -- --name USER --full-name "FULL NAME" [--stores 1,2] [--admin] [--password PW]',
  );
  process.exit(2);
}
const parsed = CreateUserBody.safeParse({
  user_name: values.name,
  full_name: values['full-name'],
  password: values.password ?? (await askPassword()),
  is_admin: values.admin,
});
if (!parsed.success) {
  for (const issue of parsed.error.issues) console.error(`${issue.path.join('.')}: ${issue.message}`);
  process.exit(2);
}
const config = readConfig(process.env);
const database = await openBook(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
try {
  await ensureOrganisation(database.db);
  const result = await createUser(database.db, {
    ...parsed.data,
    store_ids: values.stores.split(',').map((s) => Number(s.trim())),
  });
  if (result.ok) console.log(`User "${values.name}" created (id ${result.value.id}), stores ${values.stores}.`);
  else {
    console.error(`${messagesAr[result.code]}: ${JSON.stringify(result.fields ?? {})}`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
