// The entry of `npm run team`: the CLI of cli.ts on this process's arguments, environment and stdin.
import { runTeamCli } from './cli';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

void runTeamCli({
  argv: process.argv.slice(2),
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  readStdin,
}).then((code) => {
  process.exitCode = code;
});
