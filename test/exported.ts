// What an export wrote, as browser mode hands it out: the file behind its download address,
// taken from the shelf once (as the browser fetches it) and read.
import fs from 'node:fs';
import type { ExportResult } from '../src/shared/exports';
import type { MainServices } from '../src/main/app/mainServices';
import { DOWNLOAD_PATH_PATTERN } from '../src/main/platform/files/downloadShelf';

export function exportedBytes(services: MainServices, result: ExportResult): Buffer {
  if (result.outcome !== 'download' || !result.downloadUrl) throw new Error(`the export was not handed out for download (${result.outcome})`);
  const token = DOWNLOAD_PATH_PATTERN.exec(result.downloadUrl)?.[1];
  const shelved = token ? services.downloads.take(token) : null;
  if (!shelved) throw new Error(`nothing on the shelf at ${result.downloadUrl}`);
  const bytes = fs.readFileSync(shelved.file);
  fs.rmSync(shelved.file);
  return bytes;
}
