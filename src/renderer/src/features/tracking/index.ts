export { TrackingPage } from './TrackingPage';
export { TrackAccount } from './TrackAccount';
