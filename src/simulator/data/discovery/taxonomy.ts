// Lookup tables for discovery: the taxonomies the spec leaves "not shown" (section 2.15:
// category, thematic and interest ids) plus the fixed key sets of section 4.11 (age groups,
// marks, income levels, races). Everything here is a constant; nothing is random.

export const searchNetworks = ['instagram', 'youtube', 'tiktok', 'twitter', 'twitch'] as const;
export type SearchNetwork = (typeof searchNetworks)[number];

/** Audience age groups as the search filters spell them (api-notes: `13_17` … `65`). */
export const ageKeys = ['13_17', '18_24', '25_34', '35_44', '45_54', '55_64', '65'] as const;
export type AgeKey = (typeof ageKeys)[number];

/** The same groups as reports spell them (`13-17` … `65+`), for list items. */
export const reportAgeKeys: Record<AgeKey, string> = {
  '13_17': '13-17',
  '18_24': '18-24',
  '25_34': '25-34',
  '35_44': '35-44',
  '45_54': '45-54',
  '55_64': '55-64',
  '65': '65+',
};

/** Mark keys of `reactions_rate` / `comments_rate` (`very_good` is for aqs only, section 4.11). */
export const rateMarks = ['poor', 'fair', 'average', 'good', 'excellent'] as const;
export type RateMark = (typeof rateMarks)[number];
/** Marks an aqs may carry. */
export const aqsMarks = ['poor', 'fair', 'average', 'good', 'very_good', 'excellent'] as const;
export type AqsMark = (typeof aqsMarks)[number];

export const incomeIds = ['5k', '10k', '25k', '50k', '75k', '100k', '150k', '200k'] as const;
export type IncomeId = (typeof incomeIds)[number];

export const races = ['african', 'arabian', 'asian', 'caucasian', 'hispanic', 'indian'] as const;
export type Race = (typeof races)[number];

export const growthPeriods = ['7d', '30d', '90d', '180d', '365d'] as const;
export type GrowthPeriod = (typeof growthPeriods)[number];
export const likesGrowthPeriods = ['7d', '30d', '90d', '180d'] as const;
export type LikesGrowthPeriod = (typeof likesGrowthPeriods)[number];
export const gamePeriods = ['7d', '30d', '90d', '180d'] as const;
export type GamePeriod = (typeof gamePeriods)[number];

export const contentTypes = ['video', 'live'] as const;
export type ContentType = (typeof contentTypes)[number];

export interface Topic {
  /** Category id (IG/TT `category`) and thematic id (YT `thematics`): one taxonomy serves both here. */
  id: number;
  name: string;
  /** Words the account's content is about; feeds `search_content` and niche search. */
  keywords: readonly string[];
  /** The audience interest (ids of `interests` below) this topic draws. */
  interest: number;
}

/**
 * Ids 1–40 match `AccountProfile.category` (profile.ts draws 1–40). YouTube `thematics` use
 * the same ids: the real taxonomies are not published (spec 2.15), one table keeps the
 * simulator's category, thematic and keyword data consistent.
 */
export const topics: readonly Topic[] = [
  { id: 1, name: 'Beauty', keywords: ['makeup', 'skincare', 'cosmetics', 'lipstick', 'tutorial'], interest: 12 },
  { id: 2, name: 'Fashion', keywords: ['outfit', 'style', 'streetwear', 'lookbook', 'designer'], interest: 2 },
  { id: 3, name: 'Fitness & Gym', keywords: ['workout', 'gym', 'training', 'bodybuilding', 'cardio'], interest: 13 },
  { id: 4, name: 'Food & Cooking', keywords: ['recipe', 'cooking', 'baking', 'dinner', 'vegan'], interest: 3 },
  { id: 5, name: 'Travel', keywords: ['travel', 'adventure', 'hotel', 'beach', 'backpacking'], interest: 4 },
  { id: 6, name: 'Gaming', keywords: ['gameplay', 'esports', 'stream', 'console', 'speedrun'], interest: 16 },
  { id: 7, name: 'Music', keywords: ['song', 'cover', 'guitar', 'concert', 'producer'], interest: 7 },
  { id: 8, name: 'Humor & Fun', keywords: ['sketch', 'prank', 'jokes', 'standup', 'memes'], interest: 8 },
  { id: 9, name: 'Sports', keywords: ['football', 'basketball', 'highlights', 'soccer', 'tennis'], interest: 10 },
  { id: 10, name: 'Technology', keywords: ['gadgets', 'unboxing', 'smartphone', 'review', 'coding'], interest: 11 },
  { id: 11, name: 'Education', keywords: ['lesson', 'science', 'history', 'learning', 'math'], interest: 25 },
  { id: 12, name: 'Family & Parenting', keywords: ['parenting', 'kids', 'baby', 'mom', 'family'], interest: 6 },
  { id: 13, name: 'Pets & Animals', keywords: ['dog', 'cat', 'puppy', 'pets', 'wildlife'], interest: 17 },
  { id: 14, name: 'Art & Design', keywords: ['painting', 'illustration', 'drawing', 'design', 'sculpture'], interest: 14 },
  { id: 15, name: 'Photography', keywords: ['photography', 'camera', 'portrait', 'landscape', 'lens'], interest: 5 },
  { id: 16, name: 'Cars & Motorbikes', keywords: ['cars', 'motorcycle', 'supercar', 'racing', 'detailing'], interest: 9 },
  { id: 17, name: 'Home & Garden', keywords: ['interior', 'gardening', 'diy', 'decor', 'renovation'], interest: 15 },
  { id: 18, name: 'Health & Wellness', keywords: ['wellness', 'yoga', 'meditation', 'nutrition', 'mindfulness'], interest: 19 },
  { id: 19, name: 'Business & Finance', keywords: ['investing', 'crypto', 'stocks', 'entrepreneur', 'startup'], interest: 18 },
  { id: 20, name: 'Dance', keywords: ['dance', 'choreography', 'ballet', 'hiphop', 'challenge'], interest: 7 },
  { id: 21, name: 'Books & Literature', keywords: ['books', 'reading', 'novel', 'booktok', 'poetry'], interest: 25 },
  { id: 22, name: 'Movies & TV', keywords: ['movies', 'series', 'trailer', 'cinema', 'reaction'], interest: 8 },
  { id: 23, name: 'News & Politics', keywords: ['news', 'politics', 'analysis', 'interview', 'debate'], interest: 18 },
  { id: 24, name: 'Shopping & Retail', keywords: ['haul', 'deals', 'shopping', 'discount', 'products'], interest: 23 },
  { id: 25, name: 'Luxury', keywords: ['luxury', 'watches', 'jewelry', 'yacht', 'couture'], interest: 20 },
  { id: 26, name: 'Science', keywords: ['physics', 'astronomy', 'space', 'chemistry', 'experiment'], interest: 11 },
  { id: 27, name: 'Outdoor & Nature', keywords: ['hiking', 'camping', 'nature', 'mountains', 'fishing'], interest: 4 },
  { id: 28, name: 'Weddings', keywords: ['wedding', 'bride', 'ceremony', 'bouquet', 'planner'], interest: 24 },
  { id: 29, name: 'Crafts & DIY', keywords: ['crafts', 'handmade', 'knitting', 'woodworking', 'upcycling'], interest: 15 },
  { id: 30, name: 'Animation & Cartoons', keywords: ['animation', 'cartoon', 'anime', 'storyboard', '3d'], interest: 8 },
  { id: 31, name: 'Lifestyle', keywords: ['vlog', 'lifestyle', 'routine', 'morning', 'weekend'], interest: 1 },
  { id: 32, name: 'Modeling', keywords: ['model', 'photoshoot', 'runway', 'editorial', 'portfolio'], interest: 2 },
  { id: 33, name: 'Architecture', keywords: ['architecture', 'building', 'urban', 'minimalism', 'modern'], interest: 14 },
  { id: 34, name: 'Coffee & Drinks', keywords: ['coffee', 'cocktails', 'wine', 'barista', 'tea'], interest: 21 },
  { id: 35, name: 'Real Estate', keywords: ['realestate', 'property', 'house', 'housetour', 'mortgage'], interest: 18 },
  { id: 36, name: 'Medicine', keywords: ['doctor', 'medical', 'nurse', 'healthtips', 'anatomy'], interest: 19 },
  { id: 37, name: 'Toys & Collectibles', keywords: ['toys', 'lego', 'collectibles', 'figures', 'cards'], interest: 6 },
  { id: 38, name: 'Spirituality', keywords: ['faith', 'spiritual', 'prayer', 'astrology', 'tarot'], interest: 1 },
  { id: 39, name: 'Social Causes', keywords: ['charity', 'sustainability', 'activism', 'climate', 'volunteer'], interest: 1 },
  { id: 40, name: 'Magic & Illusion', keywords: ['magic', 'illusion', 'tricks', 'mentalism', 'mystery'], interest: 8 },
];

export function topic(id: number): Topic {
  return topics[id - 1] ?? topics[30]!;
}

/** Words any account may also post about, whatever its topic. */
export const commonKeywords = ['giveaway', 'collab', 'behindthescenes', 'qanda', 'challenge', 'tips', 'motivation', 'summer', 'newyear', 'launch'] as const;

/** Audience interest taxonomy (Instagram `interests` filter ids). */
export const interests: readonly { id: number; name: string }[] = [
  { id: 1, name: 'Friends, Family & Relationships' },
  { id: 2, name: 'Clothes, Shoes, Handbags & Accessories' },
  { id: 3, name: 'Restaurants, Food & Grocery' },
  { id: 4, name: 'Travel, Tourism & Aviation' },
  { id: 5, name: 'Camera & Photography' },
  { id: 6, name: 'Toys, Children & Baby' },
  { id: 7, name: 'Music' },
  { id: 8, name: 'Television & Film' },
  { id: 9, name: 'Cars & Motorbikes' },
  { id: 10, name: 'Sports' },
  { id: 11, name: 'Electronics & Computers' },
  { id: 12, name: 'Beauty & Cosmetics' },
  { id: 13, name: 'Fitness & Yoga' },
  { id: 14, name: 'Art & Design' },
  { id: 15, name: 'Home Decor, Furniture & Garden' },
  { id: 16, name: 'Games' },
  { id: 17, name: 'Pets' },
  { id: 18, name: 'Business & Careers' },
  { id: 19, name: 'Healthy Lifestyle' },
  { id: 20, name: 'Luxury Goods' },
  { id: 21, name: 'Coffee, Tea & Beverages' },
  { id: 22, name: 'Jewellery & Watches' },
  { id: 23, name: 'Shopping & Retail' },
  { id: 24, name: 'Wedding' },
  { id: 25, name: 'Books & Literature' },
];

/**
 * Cities with their GeoNames ids (the "public geographic database" of the spec), at least one
 * for every country of random.ts `countries`. Instagram `account_geo.city` and
 * `audience_geo.cities` use these ids.
 */
export const cities: readonly { id: number; name: string; country: string }[] = [
  { id: 5128581, name: 'New York', country: 'US' },
  { id: 5368361, name: 'Los Angeles', country: 'US' },
  { id: 4887398, name: 'Chicago', country: 'US' },
  { id: 4699066, name: 'Houston', country: 'US' },
  { id: 4164138, name: 'Miami', country: 'US' },
  { id: 3448439, name: 'São Paulo', country: 'BR' },
  { id: 3451190, name: 'Rio de Janeiro', country: 'BR' },
  { id: 1275339, name: 'Mumbai', country: 'IN' },
  { id: 1273294, name: 'Delhi', country: 'IN' },
  { id: 1277333, name: 'Bengaluru', country: 'IN' },
  { id: 2643743, name: 'London', country: 'GB' },
  { id: 2643123, name: 'Manchester', country: 'GB' },
  { id: 1642911, name: 'Jakarta', country: 'ID' },
  { id: 3530597, name: 'Mexico City', country: 'MX' },
  { id: 4005539, name: 'Guadalajara', country: 'MX' },
  { id: 2950159, name: 'Berlin', country: 'DE' },
  { id: 2867714, name: 'Munich', country: 'DE' },
  { id: 2988507, name: 'Paris', country: 'FR' },
  { id: 524901, name: 'Moscow', country: 'RU' },
  { id: 498817, name: 'Saint Petersburg', country: 'RU' },
  { id: 745044, name: 'Istanbul', country: 'TR' },
  { id: 3169070, name: 'Rome', country: 'IT' },
  { id: 3173435, name: 'Milan', country: 'IT' },
  { id: 3117735, name: 'Madrid', country: 'ES' },
  { id: 3128760, name: 'Barcelona', country: 'ES' },
  { id: 6167865, name: 'Toronto', country: 'CA' },
  { id: 1701668, name: 'Manila', country: 'PH' },
  { id: 3435910, name: 'Buenos Aires', country: 'AR' },
  { id: 3688689, name: 'Bogotá', country: 'CO' },
  { id: 1850147, name: 'Tokyo', country: 'JP' },
  { id: 1835848, name: 'Seoul', country: 'KR' },
  { id: 2147714, name: 'Sydney', country: 'AU' },
  { id: 2332459, name: 'Lagos', country: 'NG' },
  { id: 756135, name: 'Warsaw', country: 'PL' },
  { id: 2759794, name: 'Amsterdam', country: 'NL' },
  { id: 2673730, name: 'Stockholm', country: 'SE' },
  { id: 703448, name: 'Kyiv', country: 'UA' },
  { id: 1609350, name: 'Bangkok', country: 'TH' },
  { id: 1581130, name: 'Hanoi', country: 'VN' },
  { id: 360630, name: 'Cairo', country: 'EG' },
  { id: 108410, name: 'Riyadh', country: 'SA' },
  { id: 292223, name: 'Dubai', country: 'AE' },
  { id: 993800, name: 'Johannesburg', country: 'ZA' },
];

const citiesByCountry = new Map<string, Array<{ id: number; name: string; country: string }>>();
for (const c of cities) {
  const list = citiesByCountry.get(c.country) ?? [];
  list.push(c);
  citiesByCountry.set(c.country, list);
}

export function citiesOf(country: string): readonly { id: number; name: string; country: string }[] {
  return citiesByCountry.get(country) ?? [];
}

/** The audience's dominant ethnicity by audience country (drives `ethnicity` shares). */
export function dominantRace(country: string): Race {
  if (['BR', 'MX', 'AR', 'CO'].includes(country)) return 'hispanic';
  if (country === 'IN') return 'indian';
  if (['ID', 'PH', 'JP', 'KR', 'TH', 'VN'].includes(country)) return 'asian';
  if (['NG', 'ZA'].includes(country)) return 'african';
  if (['EG', 'SA', 'AE'].includes(country)) return 'arabian';
  return 'caucasian';
}
