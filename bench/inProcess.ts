// The main services of a data folder, called in this process through the same dispatcher the
// hosts use: benchmarks prepare their data this way before they measure a page.
import { createDispatcher, createHandlers } from '../src/main/host/handlers';
import { Logger } from '../src/main/platform/log';
import { MainServices } from '../src/main/app/mainServices';

export type Call = <T>(channel: string, payload: unknown) => Promise<T>;

/** Runs `work` against the data folder's services (the demo workspace on `simUrl`), then closes them. */
export async function withServices<T>(dataDir: string, simUrl: string, work: (call: Call, services: MainServices) => Promise<T>): Promise<T> {
  const logger = new Logger('error');
  const services = new MainServices({ dataDir, host: 'browser', version: 'bench', logger, demoApiUrl: simUrl });
  try {
    const dispatch = createDispatcher(createHandlers(services), logger, () => services.ready());
    const call: Call = async <R>(channel: string, payload: unknown): Promise<R> => {
      const result = await dispatch(channel, payload);
      if (!result.ok) throw new Error(`${channel} ${JSON.stringify(payload)} failed: ${result.error.code}: ${result.error.message}`);
      return result.value as R;
    };
    return await work(call, services);
  } finally {
    await services.close();
  }
}
