// What other features may use of Accounts (its report model is src/shared/reportModel; its chart
// options' axes are public in ./model/index.ts).
export { spendBlocker } from './addFlow';
