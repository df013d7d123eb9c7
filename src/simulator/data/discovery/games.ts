// The Twitch games catalogue (spec 2.11 / 4.8): what `auditor.games` searches and what the
// `twitch_games` discovery filter refers to. Titles are listed roughly by popularity; the
// order drives how often streamers in the universe play them.
import type { CdnLinker } from '../cdn';
import { Rng } from '../random';

const titles: readonly string[] = [
  'Just Chatting', 'Grand Theft Auto V', 'League of Legends', 'Valorant', 'Counter-Strike 2', 'Fortnite', 'Minecraft',
  'Dota 2', 'Call of Duty: Warzone', 'Apex Legends', 'World of Warcraft', 'Overwatch 2', 'EA Sports FC 25',
  'Rust', 'Dead by Daylight', 'Escape from Tarkov', 'Hearthstone', 'Teamfight Tactics', 'Pokémon Scarlet and Violet',
  'Elden Ring', 'Baldur\'s Gate 3', 'Genshin Impact', 'Marvel Rivals', 'Rocket League', 'Tom Clancy\'s Rainbow Six Siege',
  'Slots', 'Music', 'Art', 'IRL', 'Sports', 'Talk Shows & Podcasts', 'Chess', 'Poker', 'Travel & Outdoors',
  'Food & Drink', 'Science & Technology', 'Software and Game Development', 'Special Events', 'Retro', 'ASMR',
  'Old School RuneScape', 'Path of Exile 2', 'Diablo IV', 'Lost Ark', 'Final Fantasy XIV Online', 'Black Desert',
  'Destiny 2', 'PUBG: Battlegrounds', 'Call of Duty: Black Ops 6', 'Battlefield 2042', 'Halo Infinite',
  'Sea of Thieves', 'Phasmophobia', 'Lethal Company', 'Among Us', 'Fall Guys', 'Roblox', 'Terraria', 'Stardew Valley',
  'The Sims 4', 'Animal Crossing: New Horizons', 'Super Mario Odyssey', 'Mario Kart 8 Deluxe', 'Super Smash Bros. Ultimate',
  'The Legend of Zelda: Tears of the Kingdom', 'The Legend of Zelda: Breath of the Wild', 'Street Fighter 6', 'Tekken 8',
  'Mortal Kombat 1', 'Guilty Gear -Strive-', 'Dragon Ball FighterZ', 'Hollow Knight', 'Celeste', 'Hades', 'Hades II',
  'Dark Souls III', 'Sekiro: Shadows Die Twice', 'Bloodborne', 'Armored Core VI: Fires of Rubicon', 'Monster Hunter Wilds',
  'Monster Hunter: World', 'Cyberpunk 2077', 'The Witcher 3: Wild Hunt', 'Red Dead Redemption 2', 'Starfield',
  'The Elder Scrolls V: Skyrim', 'Fallout 4', 'Fallout 76', 'Palworld', 'Enshrouded', 'Valheim', 'ARK: Survival Ascended',
  'DayZ', '7 Days to Die', 'The Forest', 'Sons of the Forest', 'Subnautica', 'No Man\'s Sky', 'Satisfactory', 'Factorio',
  'Cities: Skylines II', 'Civilization VI', 'Sid Meier\'s Civilization VII', 'Age of Empires II: Definitive Edition',
  'Age of Empires IV', 'StarCraft II', 'Warcraft III: Reforged', 'Total War: Warhammer III', 'Crusader Kings III',
  'Europa Universalis IV', 'Hearts of Iron IV', 'Stellaris', 'RimWorld', 'Dwarf Fortress', 'Kenshi', 'Project Zomboid',
  'Don\'t Starve Together', 'Oxygen Not Included', 'Slay the Spire', 'Balatro', 'Vampire Survivors', 'The Binding of Isaac: Rebirth',
  'Dead Cells', 'Risk of Rain 2', 'Deep Rock Galactic', 'Helldivers 2', 'Warframe', 'The Finals', 'XDefiant',
  'Hunt: Showdown 1896', 'Escape the Backrooms', 'Content Warning', 'Repo', 'Peak', 'Schedule I', 'Chained Together',
  'Only Up!', 'Getting Over It with Bennett Foddy', 'Jump King', 'Geometry Dash', 'osu!', 'Beat Saber', 'VRChat',
  'Half-Life: Alyx', 'Resident Evil 4', 'Resident Evil Village', 'Silent Hill 2', 'Alan Wake 2', 'Outlast Trials',
  'Five Nights at Freddy\'s: Security Breach', 'Little Nightmares II', 'Dredge', 'Inscryption', 'Cult of the Lamb',
  'Hogwarts Legacy', 'Spider-Man 2', 'God of War Ragnarök', 'Horizon Forbidden West', 'Ghost of Tsushima',
  'The Last of Us Part I', 'Death Stranding', 'Metal Gear Solid Delta: Snake Eater', 'Persona 5 Royal', 'Persona 3 Reload',
  'Final Fantasy VII Rebirth', 'Final Fantasy XVI', 'Dragon Quest XI S', 'Kingdom Hearts III', 'Tales of Arise',
  'Like a Dragon: Infinite Wealth', 'Yakuza 0', 'Nier: Automata', 'Xenoblade Chronicles 3', 'Fire Emblem Engage',
  'Pokémon Legends: Z-A', 'Pokémon TCG Pocket', 'Pokémon Trading Card Game', 'Magic: The Gathering', 'Yu-Gi-Oh! Master Duel',
  'Legends of Runeterra', 'Marvel Snap', 'Gwent: The Witcher Card Game', 'Clash Royale', 'Clash of Clans', 'Brawl Stars',
  'Mobile Legends: Bang Bang', 'PUBG Mobile', 'Free Fire', 'Honkai: Star Rail', 'Zenless Zone Zero', 'Wuthering Waves',
  'Blue Archive', 'Arknights', 'Fate/Grand Order', 'Raid: Shadow Legends', 'Summoners War', 'Lords Mobile',
  'World of Tanks', 'World of Warships', 'War Thunder', 'Microsoft Flight Simulator 2024', 'Euro Truck Simulator 2',
  'American Truck Simulator', 'Farming Simulator 25', 'iRacing', 'Assetto Corsa Competizione', 'Gran Turismo 7',
  'Forza Horizon 5', 'Forza Motorsport', 'F1 24', 'Trackmania', 'NBA 2K25', 'Madden NFL 25', 'MLB The Show 25', 'NHL 25',
  'EA Sports College Football 25', 'Football Manager 2024', 'WWE 2K24', 'UFC 5', 'Golf With Your Friends', 'PGA Tour 2K23',
  'Tony Hawk\'s Pro Skater 1 + 2', 'Skate', 'Splatoon 3', 'Kirby and the Forgotten Land', 'Luigi\'s Mansion 3',
  'Metroid Dread', 'Super Mario Bros. Wonder', 'Mario Party Superstars', 'Pikmin 4', 'It Takes Two', 'Split Fiction',
  'A Way Out', 'Overcooked! 2', 'Portal 2', 'Half-Life 2', 'Team Fortress 2', 'Left 4 Dead 2', 'Garry\'s Mod',
  'Counter-Strike: Source', 'Quake Champions', 'DOOM Eternal', 'DOOM: The Dark Ages', 'Titanfall 2', 'Paladins',
  'Smite 2', 'Heroes of the Storm', 'Deadlock', 'Naraka: Bladepoint', 'Spellbreak', 'Splitgate', 'Fortnite Creative',
  'Minecraft Dungeons', 'Terraria: Calamity', 'Kingdom Come: Deliverance II', 'Mount & Blade II: Bannerlord',
  'Manor Lords', 'Frostpunk 2', 'Against the Storm', 'Anno 1800', 'Planet Zoo', 'Jurassic World Evolution 2',
  'Two Point Hospital', 'Papers, Please', 'Undertale', 'Deltarune', 'OMORI', 'Cuphead', 'Ori and the Will of the Wisps',
  'Blasphemous 2', 'Lies of P', 'Black Myth: Wukong', 'Stellar Blade', 'Nioh 2', 'Wo Long: Fallen Dynasty',
  'Dark and Darker', 'Once Human', 'Throne and Liberty', 'New World: Aeternum', 'Guild Wars 2', 'Star Wars: The Old Republic',
  'The Elder Scrolls Online', 'RuneScape', 'MapleStory', 'Albion Online', 'EVE Online', 'Star Citizen',
  'Elite Dangerous', 'Kerbal Space Program', 'Teardown', 'BeamNG.drive', 'Human: Fall Flat', 'Goat Simulator 3',
  'PowerWash Simulator', 'Supermarket Simulator', 'House Flipper 2', 'Crime Scene Cleaner', 'Tabletop Simulator',
  'Jackbox Party Pack 10', 'Gartic Phone', 'GeoGuessr', 'Wordle', 'Tetris Effect: Connected', 'Tetris 99', 'Pac-Man 99',
  'Speedrunning', 'Makers & Crafting', 'Beauty & Body Art', 'Fitness & Health', 'Politics',
];

export interface Game {
  id: number;
  title: string;
  /** Relative popularity: how likely a streamer is to play it. */
  weight: number;
}

/** Ids are stable, unique, six-digit-ish numbers seeded by title, like Twitch's own category ids. */
export const games: readonly Game[] = (() => {
  const seen = new Set<number>();
  return titles.map((title, rank) => {
    const rng = new Rng(`twitch-game:${title}`);
    let id = rng.int(10_000, 999_999);
    while (seen.has(id)) id = rng.int(10_000, 999_999);
    seen.add(id);
    return { id, title, weight: 1 / Math.pow(rank + 1, 0.9) };
  });
})();

export const gameById: ReadonlyMap<number, Game> = new Map(games.map((g) => [g.id, g]));

/** `auditor.games?search=`: case-insensitive substring match on the title, in catalogue order. */
export function searchGames(fragment: string, cdn: CdnLinker): Array<{ basic: { id: number; title: string; avatar_url: string } }> {
  const needle = fragment.trim().toLowerCase();
  return games
    .filter((g) => g.title.toLowerCase().includes(needle))
    .map((g) => ({ basic: { id: g.id, title: g.title, avatar_url: cdn.avatar('twitch', `game-${g.id}`) } }));
}
