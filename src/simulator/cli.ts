// `npm run simulator [-- --port 8787]`: the API simulator on its own, for curl and exploring.
import { parseArgs } from 'node:util';
import { startSimulator } from './server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8787' },
    credits: { type: 'string' },
    discovery: { type: 'string' },
    'latency-ms': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  process.stdout.write(
    'Usage: npm run simulator -- [--port 8787] [--credits N] [--discovery N] [--latency-ms N]\n' +
      'Starts the API simulator on 127.0.0.1. Valid credentials: x-auth-id: demo, x-auth-token: demo-token.\n',
  );
  process.exit(0);
}

function int(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) {
    process.stderr.write(`--${name} must be a whole number, got "${value}"\n`);
    process.exit(2);
  }
  return n;
}

startSimulator({
  port: int('port', values.port),
  credits: int('credits', values.credits),
  discovery: int('discovery', values.discovery),
  latencyMs: int('latency-ms', values['latency-ms']),
}).then(
  (sim) => {
    process.stdout.write(`Scout API simulator listening on ${sim.url}\n`);
    process.stdout.write(
      `Try: curl -H 'x-auth-id: demo' -H 'x-auth-token: demo-token' '${sim.url}/api/method/auditor.planInfo/?v=2'\n`,
    );
    const stop = () => void sim.close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  },
  (error: NodeJS.ErrnoException) => {
    process.stderr.write(
      error.code === 'EADDRINUSE'
        ? `Port ${values.port} is in use; choose another with --port.\n`
        : `The simulator could not start: ${error.message}\n`,
    );
    process.exit(1);
  },
);
