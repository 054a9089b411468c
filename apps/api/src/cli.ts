// The command line: `node apps/api/dist/cli.js <migrate|seed|backup|restore> [arguments]`.
import { runCommand } from './commands.js';

const { code, stdout, stderr } = await runCommand(process.argv.slice(2));
process.stdout.write(stdout);
process.stderr.write(stderr);
process.exitCode = code;
