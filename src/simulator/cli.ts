// `npm run simulator [-- --port 8787 …]`: the API simulator on its own, for curl and exploring.
import { parseArgs } from 'node:util';
import { faultKinds, startSimulator, type FaultKind } from './server';

const usage = `Usage: npm run simulator -- [options]
Starts the API simulator on 127.0.0.1. Valid credentials: x-auth-id: demo, x-auth-token: demo-token
(noapi/noapi-token: no API access; suspended/suspended-token: suspended account).

  --port N            port (default 8787; 0 picks a free one)
  --credits N         report credits (default 1000)
  --mini N            TikTok mini-report credits (default 200)
  --advanced N        TikTok advanced-report credits (default 100)
  --discovery N       discovery requests (default 500)
  --generation-ms N   how long a new report stays NOT_READY (default 3000)
  --pdf-ms N          how long a PDF export answers 202 (default: --generation-ms)
  --fault-rate R      share of requests, 0–1, that get a random fault
  --faults LIST       which faults --fault-rate picks, comma-separated (${faultKinds.join(',')})
  --latency-ms N      added to every answer
  --high-demand       report generation is slow and answers say highDemand
  --clock ISO-DATE    simulated "now" at start
  --state FILE        keep balances, unlocks, generations and analyses in FILE across restarts
                      (a resumed state keeps its own balances and clock; the options above
                      only shape a fresh one)
`;

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8787' },
    credits: { type: 'string' },
    mini: { type: 'string' },
    advanced: { type: 'string' },
    discovery: { type: 'string' },
    'generation-ms': { type: 'string' },
    'pdf-ms': { type: 'string' },
    'fault-rate': { type: 'string' },
    faults: { type: 'string' },
    'latency-ms': { type: 'string' },
    'high-demand': { type: 'boolean' },
    clock: { type: 'string' },
    state: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  process.stdout.write(usage);
  process.exit(0);
}

function fail(message: string): never {
  process.stderr.write(`${message}\n${usage}`);
  process.exit(2);
}

function int(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) fail(`--${name} must be a whole number, got "${value}"`);
  return n;
}

const faultRate = values['fault-rate'] === undefined ? undefined : Number(values['fault-rate']);
if (faultRate !== undefined && !(faultRate >= 0 && faultRate <= 1)) fail(`--fault-rate must be from 0 to 1, got "${values['fault-rate']}"`);
const faultTypes = values.faults?.split(',').map((f) => f.trim());
const unknownFault = faultTypes?.find((f) => !(faultKinds as readonly string[]).includes(f));
if (unknownFault) fail(`--faults: unknown fault "${unknownFault}"`);
const clock = values.clock === undefined ? undefined : Date.parse(values.clock);
if (clock !== undefined && Number.isNaN(clock)) fail(`--clock must be a date such as 2026-11-21, got "${values.clock}"`);

startSimulator({
  port: int('port', values.port),
  credits: int('credits', values.credits),
  miniReports: int('mini', values.mini),
  advancedReports: int('advanced', values.advanced),
  discovery: int('discovery', values.discovery),
  generationMs: int('generation-ms', values['generation-ms']),
  pdfMs: int('pdf-ms', values['pdf-ms']),
  faultRate,
  faultTypes: faultTypes as FaultKind[] | undefined,
  latencyMs: int('latency-ms', values['latency-ms']),
  highDemand: values['high-demand'],
  clock,
  stateFile: values.state,
  logger: { info: (line) => process.stdout.write(`${line}\n`), warn: (line) => process.stderr.write(`${line}\n`) },
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
      error.code === 'EADDRINUSE' ? `Port ${values.port} is in use; choose another with --port.\n` : `The simulator could not start: ${error.message}\n`,
    );
    process.exit(1);
  },
);
