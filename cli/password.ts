/**
 * Where `verify` gets the password: an environment variable named by --password-env (CI's
 * secret), or a hidden prompt when a person runs it in a terminal. The argv --password still
 * works but is not offered: argv shows in `ps` and in the shell's history.
 */
import { UsageError } from './fail';

export interface PasswordFlags {
  password?: string;
  passwordEnv?: string;
}

/** Reads a line from the terminal without echoing it. */
function promptHidden(label: string): Promise<string> {
  const { stdin, stderr } = process;
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stderr.write('\n');
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\u0004') {
          finish();
          resolve(typed);
          return;
        }
        if (char === '\u0003') {
          finish();
          reject(new UsageError('verify: no password given (cancelled)'));
          return;
        }
        typed = char === '\u007f' || char === '\b' ? typed.slice(0, -1) : typed + char;
      }
    };
    // Echo goes off before the prompt shows: whatever is typed once the label is visible (a fast
    // typist, a paste, a script answering the prompt) is never echoed by the terminal.
    stdin.setEncoding('utf8');
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
    stderr.write(label);
  });
}

export async function resolvePassword(flags: PasswordFlags, user: string): Promise<string> {
  if (flags.passwordEnv !== undefined) {
    const value = process.env[flags.passwordEnv];
    if (!value)
      throw new UsageError(
        `--password-env ${flags.passwordEnv}: the environment variable is not set or empty`,
      );
    return value;
  }
  if (flags.password !== undefined) return flags.password;
  if (process.stdin.isTTY) return promptHidden(`password for ${user}: `);
  throw new UsageError(
    'verify needs the password: --password-env NAME (the variable that holds it), or run it in a terminal to be asked',
  );
}
