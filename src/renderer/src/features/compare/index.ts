// What other features may use of Compare: the tray's "Add to comparison" and what a pick is.
export { AddToComparison } from './AddToComparison';
export type { PickedAccount } from './tray';
