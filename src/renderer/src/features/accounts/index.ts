// What other features may use of Accounts (its report model is public in ./model/index.ts).
export { spendBlocker } from './addFlow';
