// npm run staff -- add <email> <name> | passwd <email> | list
// Passwords are read from the terminal (or from ABODE_PASSWORD for scripts), never from arguments.
import { createInterface } from 'node:readline/promises';
import { isAccountEmail } from '#shared/auth/account-email';
import { PASSWORD_MAX, PASSWORD_MIN } from '#shared/auth/auth.contract';
import { loadConfig } from '../config';
import { createDatabase } from '../db/database';
import { runCli } from './run-cli';
import { migrateToLatest } from '../db/migrate';
import { createStaff, setStaffPassword } from '../features/auth/auth.service';
import { findStaffByEmail, listStaff } from '../features/auth/staff.repository';

const USAGE = `Usage:
  npm run staff -- list
  npm run staff -- add <email> [name]
  npm run staff -- passwd <email>
The password is asked for on the terminal (or read from ABODE_PASSWORD).`;

async function readPassword(): Promise<string> {
  const fromEnv = process.env.ABODE_PASSWORD;
  if (fromEnv) return fromEnv;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await rl.question(`Password (${PASSWORD_MIN} to ${PASSWORD_MAX} characters): `);
  } finally {
    rl.close();
  }
}

function checkPassword(password: string): void {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    throw new Error(`The password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters long.`);
  }
}

async function main(): Promise<number> {
  const [command, email, ...rest] = process.argv.slice(2);
  const config = loadConfig();
  const database = createDatabase(config.database);
  try {
    await migrateToLatest(database.db as never);
    switch (command) {
      case 'list': {
        const rows = await listStaff(database.db);
        if (rows.length === 0) console.log('No staff users yet.');
        for (const row of rows) console.log(`${row.email}\t${row.name}`);
        return 0;
      }
      case 'add': {
        if (!email || !isAccountEmail(email)) throw new Error('Give a valid e-mail address.');
        if (await findStaffByEmail(database.db, email)) throw new Error(`${email} is already a staff user.`);
        const password = await readPassword();
        checkPassword(password);
        await createStaff(database.db, { email, name: rest.join(' ') || email.split('@')[0]!, password, role: 'owner' });
        console.log(`Added ${email}.`);
        return 0;
      }
      case 'passwd': {
        if (!email) throw new Error('Give the staff e-mail.');
        const password = await readPassword();
        checkPassword(password);
        if (!(await setStaffPassword(database.db, email, password))) throw new Error(`No staff user ${email}.`);
        console.log(`Changed the password of ${email}.`);
        return 0;
      }
      default:
        console.log(USAGE);
        return command ? 2 : 0;
    }
  } finally {
    await database.close();
  }
}

runCli(main);
