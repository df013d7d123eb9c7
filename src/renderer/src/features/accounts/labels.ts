import type { Network } from '@shared/reports';

export const networkLabels: Record<Network, string> = {
  instagram: 'Instagram',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  twitch: 'Twitch',
  twitter: 'Twitter',
  snapchat: 'Snapchat',
};

export const stateNotes: Record<string, string> = {
  READY: 'Ready',
  READY_LOW_CONFIDENCE: 'Ready, low confidence: the audience data is limited, so audience figures may be missing or less reliable.',
};

export const costReasons: Record<string, string> = {
  'free-test-account': 'free test account',
  unlocked: 'unlocked within 365 days: free',
  new: 'new: 1 credit',
  expired: 'unlocked over a year ago: 1 credit',
  upgrade: 'mini report unlocked; the advanced one costs 1 credit',
};

export const balanceLabels: Record<string, string> = {
  credits: 'report credits',
  miniReports: 'mini-report credits',
  advancedReports: 'advanced-report credits',
  discoveryRequests: 'discovery requests',
};
