export { CampaignsPage } from './CampaignsPage';
