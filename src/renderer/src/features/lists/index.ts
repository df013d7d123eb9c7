// What other features may use of Lists: why a free sync cannot run now, and a field's reading.
export { syncBlocker, type Read } from './listsModel';
