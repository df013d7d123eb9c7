// Every migration, in order. A test checks that each file in this folder is listed here.
import type { Migration } from '../migrate';
import { migration0010 } from './0010-workspace-meta';

export const migrations: readonly Migration[] = [migration0010];
